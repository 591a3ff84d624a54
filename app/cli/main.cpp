// klens: the command-line twin of KernelLens. Each command lives in its own file; this one only
// parses arguments.
#include "clioutput.h"
#include "scancommand.h"
#include "showcommand.h"

#include <CLI/CLI.hpp>

int main(int argc, char** argv)
{
    CLI::App app{"klens: inspect GPU kernel compile caches (Triton, NVRTC)", "klens"};
    app.set_version_flag("--version", std::string("klens ") + KL_VERSION);
    app.require_subcommand(1);

    kl::cli::ScanArgs scan;
    auto* scanCmd = app.add_subcommand("scan", "List the entries of cache folders (default: the folders "
                                                "Triton would use in this environment)");
    scanCmd->add_option("DIR", scan.dirs, "Cache folders to scan");
    scanCmd->add_flag("--json", scan.json, "Print the documented JSON (schema kernellens.scan/1)");
    scanCmd->add_option("--threads", scan.threads, "Worker threads (default: from the hardware)");
    scanCmd->add_flag("--progress", scan.progress, "Show progress on a terminal");

    kl::cli::ShowArgs show;
    auto* showCmd = app.add_subcommand("show", "Show one entry in full, or one of its stages");
    showCmd->add_option("ENTRY", show.entry, "An entry folder, or a unique prefix of its name")->required();
    showCmd->add_option("--root", show.roots, "Where to look a prefix up (default: the effective roots)");
    showCmd->add_option("--stage", show.stage, "Print this stage (ttir, ttgir, llir, ptx, cubin, ...)");
    showCmd->add_flag("--json", show.json, "Print the documented JSON (schema kernellens.entry/1)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kl::cli::ExitError;
    }
    if (*scanCmd)
        return kl::cli::runScan(scan);
    if (*showCmd)
        return kl::cli::runShow(show);
    return kl::cli::ExitError;
}
