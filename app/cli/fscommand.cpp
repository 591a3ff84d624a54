#include "fscommand.h"

#include "clioutput.h"
#include "command.h"
#include "core/fs/fsjson.h"
#include "core/util/utf8.h"

namespace kl::cli {

void printFolderHealth(const FolderHealth& h, bool detailed)
{
    const FsInfo& fs = h.fs;
    const std::string path = printableName(h.folder.path);
    if (h.folder.role == "given")
        std::printf("%s\n", path.c_str());
    else
        std::printf("%s  %s\n", h.folder.label.english().c_str(), path.c_str());
    if (h.folder.role != "given")
        std::printf("  reason       %s%s\n", h.folder.reason.c_str(),
                    h.folder.inUse ? ""
                                   : ("  (not in use: " + h.folder.switchVariable + " is not set)").c_str());
    if (!h.sameAs.empty()) {
        std::printf("  same folder as the %s folder above: judged there\n", h.sameAs.c_str());
    } else if (!fs.error.empty()) {
        std::printf("  filesystem   unknown (%s)\n", fs.error.english().c_str());
    } else {
        if (fs.walkedUp)
            std::printf("  probed       %s  (does not exist yet: its nearest existing parent)\n",
                        printableName(fs.probedPath).c_str());
        else if (detailed)
            std::printf("  probed       %s\n", printableName(fs.probedPath).c_str());
        if (detailed && !fs.resolvedPath.empty() && fs.resolvedPath != fs.probedPath)
            std::printf("  resolved     %s\n", printableName(fs.resolvedPath).c_str());
        std::printf("  filesystem   %s  %s\n", std::string(toString(fs.category)).c_str(),
                    fs.type.empty() ? "-" : fs.type.c_str());
        if (detailed || fs.category == FsCategory::Network) {
            std::printf("  source       %s\n", fs.source.empty() ? "-" : printableName(fs.source).c_str());
            std::printf("  mount point  %s\n",
                        fs.mountPoint.empty() ? "-" : printableName(fs.mountPoint).c_str());
        }
        if (fs.bindMount)
            std::printf("  bind mount   of %s\n",
                        printableName(fs.bindOf.empty() ? fs.mountRoot : fs.bindOf).c_str());
        if (!fs.autofsMountPoint.empty())
            std::printf("  autofs       %s%s\n", printableName(fs.autofsMountPoint).c_str(),
                        fs.autofsPending ? "  (not mounted yet)" : "  (mounted on demand)");
    }
    for (const Text& w : h.warnings)
        std::printf("  warning: %s\n", w.english().c_str());
    for (const Text& n : h.notes)
        std::printf("  note: %s\n", n.english().c_str());
}

int runFs(const FsArgs& args)
{
    std::vector<FolderHealth> folders;
    if (args.paths.empty()) {
        folders = judgeEffectiveFolders(Environment::current());
    } else {
        for (const std::string& p : args.paths) {
            if (p.empty()) {
                printError("fs: an empty path was given");
                return ExitError;
            }
            folders.push_back(judgeGivenFolder(p));
        }
    }
    bool ioError = false;
    for (const FolderHealth& h : folders)
        if (!h.fs.error.empty()) {
            printError(h.fs.error.english());
            ioError = true;
        }
    if (args.json) {
        writeFsJson(folders, stdout);
    } else {
        for (std::size_t i = 0; i < folders.size(); ++i) {
            if (i)
                std::printf("\n");
            printFolderHealth(folders[i], true);
        }
    }
    std::fflush(stdout);
    if (ioError)
        return ExitError;
    return hasWarnings(folders) ? ExitProblems : ExitOk;
}

void addFsCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<FsArgs>();
    auto* cmd = app.add_subcommand("fs", "Which filesystem each folder is on (default: the folders Triton, "
                                         "Inductor and DeepSpeed would use here), with warnings");
    cmd->add_option("PATH", args->paths, "Folders to examine (need not exist yet)");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.fs/1)");
    out.push_back({cmd, [args] { return runFs(*args); }});
}

} // namespace kl::cli
