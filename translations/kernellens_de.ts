<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>ChartExport</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot draw the chart for %1</source>
        <translation>das Diagramm für %1 kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>cannot encode %1 as PNG</source>
        <translation>%1 kann nicht als PNG kodiert werden</translation>
    </message>
    <message>
        <source>Exported by KernelLens</source>
        <translation>Exportiert von KernelLens</translation>
    </message>
</context>
<context>
    <name>DashboardCharts</name>
    <message>
        <source>No compile events</source>
        <translation>Keine Kompilierereignisse</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>hit rate %1 %</source>
        <translation>Trefferquote %1 %</translation>
    </message>
    <message>
        <source>no events</source>
        <translation>keine Ereignisse</translation>
    </message>
    <message>
        <source>%1 – %2
%3 · %4 hits · %5 misses
compiled %6 · cache %7</source>
        <translation>%1 – %2
%3 · %4 Treffer · %5 Fehlzugriffe
kompiliert %6 · Cache %7</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>KiB</source>
        <translation>KiB</translation>
    </message>
    <message>
        <source>Hit rate (%)</source>
        <translation>Trefferquote (%)</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Compiled (%1)</source>
        <translation>Kompiliert (%1)</translation>
    </message>
    <message>
        <source>%1 (%2, %3)
%4: %5 of %6</source>
        <translation>%1 (%2, %3)
%4: %5 von %6</translation>
    </message>
    <message>
        <source>Slowest compile (ms)</source>
        <translation>Langsamste Kompilierung (ms)</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>Kompilierungen</translation>
    </message>
    <message>
        <source>%1: %2 compiles</source>
        <translation>%1: %2 Kompilierungen</translation>
    </message>
    <message>
        <source>Hits</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>Misses</source>
        <translation>Fehlzugriffe</translation>
    </message>
    <message>
        <source>%1: %2 events · %3 hits · %4 misses (hit rate %5 %)</source>
        <translation>%1: %2 Ereignisse · %3 Treffer · %4 Fehlzugriffe (Trefferquote %5 %)</translation>
    </message>
    <message>
        <source>Compiled</source>
        <translation>Kompiliert</translation>
    </message>
    <message>
        <source>%1: %2 in %3 compiles</source>
        <translation>%1: %2 in %3 Kompilierungen</translation>
    </message>
    <message>
        <source>Compiled (events)</source>
        <translation>Kompiliert (Ereignisse)</translation>
    </message>
    <message>
        <source>On disk (entries by time written)</source>
        <translation>Auf der Platte (Einträge nach Schreibzeit)</translation>
    </message>
    <message>
        <source>%1: %2 entries, %3 on disk</source>
        <translation>%1: %2 Einträge, %3 auf der Platte</translation>
    </message>
    <message>
        <source>On disk (%1)</source>
        <translation>Auf der Platte (%1)</translation>
    </message>
</context>
<context>
    <name>DashboardModels</name>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
</context>
<context>
    <name>DemoCache</name>
    <message>
        <source>the demo cache is not installed (looked in %1 and %2)</source>
        <translation>der Demo-Cache ist nicht installiert (gesucht in %1 und %2)</translation>
    </message>
    <message>
        <source>cannot create a temporary folder in %1: %2</source>
        <translation>in %1 kann kein temporärer Ordner angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>%1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot copy %1 to %2: %3</source>
        <translation>%1 kann nicht nach %2 kopiert werden: %3</translation>
    </message>
    <message>
        <source>%1: incomplete (its cubin is missing)</source>
        <translation>%1: unvollständig (das cubin fehlt)</translation>
    </message>
    <message>
        <source>%1: corrupt metadata (cut off)</source>
        <translation>%1: beschädigte Metadaten (abgeschnitten)</translation>
    </message>
    <message>
        <source>%1: orphaned temp folder</source>
        <translation>%1: verwaister temporärer Ordner</translation>
    </message>
</context>
<context>
    <name>EntryText</name>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>entry</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>, hash %1 (%2)</source>
        <translation>, Hash %1 (%2)</translation>
    </message>
    <message>
        <source>not checkable for this folder name</source>
        <translation>bei diesem Ordnernamen nicht prüfbar</translation>
    </message>
    <message>
        <source>folder name matches</source>
        <translation>Ordnername stimmt überein</translation>
    </message>
    <message>
        <source>folder name does NOT match</source>
        <translation>Ordnername stimmt NICHT überein</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>%1 %2, warp size %3</source>
        <translation>%1 %2, Warp-Größe %3</translation>
    </message>
    <message>
        <source>launch</source>
        <translation>Launch</translation>
    </message>
    <message>
        <source>num_warps %1, num_stages %2, shared %3</source>
        <translation>num_warps %1, num_stages %2, Shared Memory %3</translation>
    </message>
    <message>
        <source>triton</source>
        <translation>triton</translation>
    </message>
    <message>
        <source>%1 (metadata format %2)</source>
        <translation>%1 (Metadatenformat %2)</translation>
    </message>
    <message>
        <source>version not recorded</source>
        <translation>Version nicht erfasst</translation>
    </message>
    <message>
        <source>size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>%1, newest file %2</source>
        <translation>%1, neueste Datei %2</translation>
    </message>
    <message>
        <source>problems:</source>
        <translation>Probleme:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>stages:</source>
        <translation>Stufen:</translation>
    </message>
    <message>
        <source>(not a Triton stage)</source>
        <translation>(keine Triton-Stufe)</translation>
    </message>
    <message>
        <source>options:</source>
        <translation>Optionen:</translation>
    </message>
    <message>
        <source>cache-invalidating env vars:</source>
        <translation>Cache-invalidierende Umgebungsvariablen:</translation>
    </message>
    <message>
        <source>recorded by the compiler:</source>
        <translation>vom Compiler erfasst:</translation>
    </message>
    <message>
        <source>name -&gt; absolute path</source>
        <translation>Name -&gt; absoluter Pfad</translation>
    </message>
    <message>
        <source>list of names</source>
        <translation>Namensliste</translation>
    </message>
    <message>
        <source>group file (%1), 1 child:</source>
        <translation>Gruppendatei (%1), 1 Datei:</translation>
    </message>
    <message>
        <source>group file (%1), %2 children:</source>
        <translation>Gruppendatei (%1), %2 Dateien:</translation>
    </message>
    <message>
        <source>autotune key %1, 1 configuration:</source>
        <translation>Autotune-Schlüssel %1, 1 Konfiguration:</translation>
    </message>
    <message>
        <source>autotune key %1, %2 configurations:</source>
        <translation>Autotune-Schlüssel %1, %2 Konfigurationen:</translation>
    </message>
    <message>
        <source>could not read everything: %1</source>
        <translation>nicht alles lesbar: %1</translation>
    </message>
    <message>
        <source>kernel</source>
        <comment>entry kind</comment>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>autotune</source>
        <comment>entry kind</comment>
        <translation>Autotuning</translation>
    </message>
    <message>
        <source>module</source>
        <comment>entry kind</comment>
        <translation>Modul</translation>
    </message>
    <message>
        <source>temp</source>
        <comment>entry kind</comment>
        <translation>temporär</translation>
    </message>
    <message>
        <source>foreign</source>
        <comment>entry kind</comment>
        <translation>fremd</translation>
    </message>
    <message>
        <source>unknown</source>
        <comment>entry kind</comment>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>complete</source>
        <comment>entry status</comment>
        <translation>vollständig</translation>
    </message>
    <message>
        <source>incomplete</source>
        <comment>entry status</comment>
        <translation>unvollständig</translation>
    </message>
    <message>
        <source>orphan</source>
        <comment>entry status</comment>
        <translation>verwaist</translation>
    </message>
    <message>
        <source>corrupt</source>
        <comment>entry status</comment>
        <translation>beschädigt</translation>
    </message>
    <message>
        <source>foreign</source>
        <comment>entry status</comment>
        <translation>fremd</translation>
    </message>
    <message>
        <source>dump</source>
        <comment>entry kind</comment>
        <translation>Dump</translation>
    </message>
    <message>
        <source>override</source>
        <comment>entry kind</comment>
        <translation>Override</translation>
    </message>
    <message>
        <source>the kernel it overrides, through the dump of the same source</source>
        <translation>der Kernel, den es überschreibt, über den Dump derselben Quelle</translation>
    </message>
    <message>
        <source>built from it: %1</source>
        <translation>daraus gebaut: %1</translation>
    </message>
    <message>
        <source>shares %1</source>
        <translation>teilt %1</translation>
    </message>
    <message>
        <source>all stages equal: %1</source>
        <translation>alle Stufen gleich: %1</translation>
    </message>
    <message>
        <source>cache entries of this folder (linked by the stages they share):</source>
        <translation>Cache-Einträge dieses Ordners (verknüpft über die Stufen, die sie teilen):</translation>
    </message>
    <message>
        <source>same source: %1</source>
        <translation>dieselbe Quelle: %1</translation>
    </message>
    <message>
        <source>none: no cache entry shares its stages</source>
        <translation>keine: kein Cache-Eintrag teilt seine Stufen</translation>
    </message>
    <message>
        <source>dump and override folders of this entry:</source>
        <translation>Dump- und Override-Ordner dieses Eintrags:</translation>
    </message>
    <message>
        <source>No cubin in this entry</source>
        <translation>Kein Cubin in diesem Eintrag</translation>
    </message>
    <message>
        <source>The cubin could not be read as a CUDA ELF: the entry&apos;s cubin tab says why</source>
        <translation>Das Cubin ist kein lesbares CUDA-ELF: der Cubin-Reiter des Eintrags nennt den Grund</translation>
    </message>
    <message>
        <source>registers</source>
        <translation>Register</translation>
    </message>
    <message>
        <source>shared memory</source>
        <translation>Shared Memory</translation>
    </message>
    <message>
        <source>warps per SM</source>
        <translation>Warps pro SM</translation>
    </message>
    <message>
        <source>blocks per SM</source>
        <translation>Blöcke pro SM</translation>
    </message>
    <message numerus="yes">
        <source>%n register(s) per thread, %1 bytes of local memory</source>
        <translation>
            <numerusform>%n Register pro Thread, %1 Bytes lokaler Speicher</numerusform>
            <numerusform>%n Register pro Thread, %1 Bytes lokaler Speicher</numerusform>
        </translation>
    </message>
    <message>
        <source>Occupancy %1%, limited by %2</source>
        <translation>Belegung %1 %, begrenzt durch %2</translation>
    </message>
    <message>
        <source>No occupancy: the entry records no num_warps or its arch is unknown</source>
        <translation>Keine Belegung: der Eintrag erfasst kein num_warps, oder seine Architektur ist unbekannt</translation>
    </message>
</context>
<context>
    <name>Findings</name>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>info</source>
        <translation>Hinweis</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Nothing recorded differs between the two entries.
</source>
        <translation>Die beiden Einträge unterscheiden sich in nichts Erfasstem.
</translation>
    </message>
    <message>
        <source>%1  .%2 text differs (%3 and %4 lines)
</source>
        <translation>%1  .%2-Text unterscheidet sich (%3 und %4 Zeilen)
</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>(nicht gesetzt)</translation>
    </message>
    <message>
        <source>note: %1
</source>
        <translation>Hinweis: %1
</translation>
    </message>
    <message>
        <source>Not recorded by the cache, so still suspects:
</source>
        <translation>Vom Cache nicht erfasst, daher weiterhin verdächtig:
</translation>
    </message>
    <message>
        <source>%1 has no %2 stage</source>
        <translation>%1 hat keine Stufe %2</translation>
    </message>
    <message>
        <source>No differences (%1 and %2 lines)</source>
        <translation>Keine Unterschiede (%1 und %2 Zeilen)</translation>
    </message>
    <message>
        <source>%1 changes: %2 lines removed, %3 added</source>
        <translation>%1 Änderungen: %2 Zeilen entfernt, %3 hinzugefügt</translation>
    </message>
    <message>
        <source>kernel</source>
        <comment>difference kind</comment>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Triton version</source>
        <comment>difference kind</comment>
        <translation>Triton-Version</translation>
    </message>
    <message>
        <source>target</source>
        <comment>difference kind</comment>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>option</source>
        <comment>difference kind</comment>
        <translation>Option</translation>
    </message>
    <message>
        <source>environment</source>
        <comment>difference kind</comment>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>stage</source>
        <comment>difference kind</comment>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>%1 has no cubin</source>
        <translation>%1 hat kein Cubin</translation>
    </message>
</context>
<context>
    <name>StageTabs</name>
    <message>
        <source>no stage %1</source>
        <translation>keine Stufe %1</translation>
    </message>
</context>
<context>
    <name>Translation</name>
    <message>
        <source>Unknown language &quot;%1&quot; (available: %2)</source>
        <translation>Unbekannte Sprache „%1“ (verfügbar: %2)</translation>
    </message>
    <message>
        <source>The translation %1 cannot be loaded</source>
        <translation>Die Übersetzung %1 kann nicht geladen werden</translation>
    </message>
</context>
<context>
    <name>kl::clean</name>
    <message>
        <source>older than %1 (last written %2 ago)</source>
        <translation>älter als %1 (zuletzt vor %2 geschrieben)</translation>
    </message>
    <message>
        <source>stale: %1</source>
        <translation>veraltet: %1</translation>
    </message>
    <message>
        <source>%1 (no details)</source>
        <translation>%1 (keine Details)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>orphan temp left by an interrupted write</source>
        <translation>verwaister temporärer Eintrag, zurückgelassen von einem abgebrochenen Schreibvorgang</translation>
    </message>
    <message>
        <source>holds temp folders or files left by interrupted writes</source>
        <translation>enthält temporäre Ordner oder Dateien, die abgebrochene Schreibvorgänge zurückgelassen haben</translation>
    </message>
    <message>
        <source>keep-latest %1: 1 newer %2 entry exists</source>
        <translation>keep-latest %1: es gibt 1 neueren Eintrag für %2</translation>
    </message>
    <message>
        <source>keep-latest %1: %2 newer %3 entries exist</source>
        <translation>keep-latest %1: es gibt %2 neuere Einträge für %3</translation>
    </message>
    <message>
        <source>%1; written %2 ago, within the grace period of %3</source>
        <translation>%1; vor %2 geschrieben, innerhalb der Schonfrist von %3</translation>
    </message>
    <message>
        <source>max-size %1: the cache holds %2</source>
        <translation>max-size %1: der Cache umfasst %2</translation>
    </message>
    <message>
        <source>%1, least recently written first</source>
        <translation>%1, die am längsten nicht geschriebenen Einträge zuerst</translation>
    </message>
    <message>
        <source>the cache stays at %1, over --max-size %2: the rest is within the grace period or not Triton&apos;s to remove</source>
        <translation>der Cache bleibt bei %1 und damit über --max-size %2: der Rest ist noch in der Schonfrist oder gehört nicht zu Triton und wird daher nicht entfernt</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot stat %1: %2</source>
        <translation>stat für %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>cannot open %1</source>
        <translation>%1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1 is not directly inside %2; not entered</source>
        <translation>%1 liegt nicht direkt in %2; nicht betreten</translation>
    </message>
    <message>
        <source>%1 is a mount point (another filesystem or a bind mount); not entered</source>
        <translation>%1 ist ein Einhängepunkt (ein anderes Dateisystem oder ein Bind-Mount); nicht betreten</translation>
    </message>
    <message>
        <source>%1 is not a plain name; not touched</source>
        <translation>%1 ist kein einfacher Name; unangetastet</translation>
    </message>
    <message>
        <source>%1 is no longer a folder (a symbolic link?); not followed</source>
        <translation>%1 ist kein Ordner mehr (ein symbolischer Link?); nicht verfolgt</translation>
    </message>
    <message>
        <source>cannot list %1: %2</source>
        <translation>%1 kann nicht aufgelistet werden: %2</translation>
    </message>
    <message>
        <source>%1 was written to %2 ago, within the grace period of %3</source>
        <translation>in %1 wurde vor %2 geschrieben, innerhalb der Schonfrist von %3</translation>
    </message>
    <message>
        <source>%1 changed type since the scan; left</source>
        <translation>%1 hat seit dem Scan seinen Typ geändert; belassen</translation>
    </message>
    <message>
        <source>%1: its writer (pid %2) runs on this host</source>
        <translation>%1: sein Schreiber (PID %2) läuft auf diesem Host</translation>
    </message>
    <message>
        <source>cannot remove %1: %2</source>
        <translation>%1 kann nicht entfernt werden: %2</translation>
    </message>
    <message>
        <source>%1: pid %2 runs on this host: a compile may be writing</source>
        <translation>%1: PID %2 läuft auf diesem Host: möglicherweise schreibt gerade eine Kompilierung</translation>
    </message>
    <message>
        <source>%1 is a mount point; the entry is left whole</source>
        <translation>%1 ist ein Einhängepunkt; der Eintrag bleibt vollständig erhalten</translation>
    </message>
    <message>
        <source>cannot remove %1: %2; nothing else removed</source>
        <translation>%1 kann nicht entfernt werden: %2; sonst wurde nichts entfernt</translation>
    </message>
    <message>
        <source>%1 (the entry lost its group file: Triton sees a miss)</source>
        <translation>%1 (der Eintrag hat seine Gruppendatei verloren: Triton wertet ihn als Fehlzugriff)</translation>
    </message>
    <message>
        <source>%1 was written to while being removed; left without a group file (Triton sees a miss and rewrites it)</source>
        <translation>in %1 wurde während des Entfernens geschrieben; der Eintrag bleibt ohne Gruppendatei zurück (Triton wertet ihn als Fehlzugriff und schreibt ihn neu)</translation>
    </message>
    <message>
        <source>%1: its temp folders&apos; writers run on this host</source>
        <translation>%1: die Schreiber seiner temporären Ordner laufen auf diesem Host</translation>
    </message>
    <message>
        <source>%1: its temp folders were written to within the grace period</source>
        <translation>%1: in seine temporären Ordner wurde innerhalb der Schonfrist geschrieben</translation>
    </message>
    <message>
        <source>removed %1 temp item(s), left %2 (writer alive or recent)</source>
        <translation>temporäre Elemente entfernt: %1, belassen: %2 (Schreiber läuft noch oder kürzlich geschrieben)</translation>
    </message>
    <message>
        <source>removed %1 temp item(s)</source>
        <translation>temporäre Elemente entfernt: %1</translation>
    </message>
    <message>
        <source>root not in the plan</source>
        <translation>Cache-Stammordner ist nicht im Plan enthalten</translation>
    </message>
    <message>
        <source>%1 is nested more than %2 folders deep; left</source>
        <translation>%1 ist tiefer als %2 Ordnerebenen verschachtelt; belassen</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a size (e.g. 10G, 500M, 4096)</source>
        <translation>„%1“ ist keine Größe (z. B. 10G, 500M, 4096)</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: unknown size unit (use K, M, G or T)</source>
        <translation>„%1“: unbekannte Größeneinheit (K, M, G oder T verwenden)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is too large</source>
        <translation>„%1“ ist zu groß</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a duration (e.g. 7d, 12h, 30m, 45s, 1h30m)</source>
        <translation>„%1“ ist keine Dauer (z. B. 7d, 12h, 30m, 45s, 1h30m)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is too long</source>
        <translation>„%1“ ist zu lang</translation>
    </message>
    <message>
        <source>%1 folder named with --dump-folder</source>
        <translation>%1-Ordner, mit --dump-folder benannt</translation>
    </message>
</context>
<context>
    <name>kl::cubin</name>
    <message>
        <source>record at offset %1 is cut short</source>
        <translation>Der Eintrag bei Offset %1 ist abgeschnitten</translation>
    </message>
    <message>
        <source>record at offset %1 claims %2 bytes but the section ends after %3</source>
        <translation>Der Eintrag bei Offset %1 gibt %2 Bytes an, aber der Abschnitt endet nach %3</translation>
    </message>
    <message>
        <source>record at offset %1 has unknown format %2</source>
        <translation>Der Eintrag bei Offset %1 hat das unbekannte Format %2</translation>
    </message>
    <message>
        <source>truncated: its %1 ends at byte %2 but the file has %3 bytes</source>
        <translation>abgeschnitten: %1 endet bei Byte %2, die Datei hat aber %3 Bytes</translation>
    </message>
    <message>
        <source>%1 bytes: larger than any cubin (limit 256 MiB)</source>
        <translation>%1 Bytes: größer als jedes Cubin (Grenze 256 MiB)</translation>
    </message>
    <message>
        <source>only %1 bytes: too short for an ELF header</source>
        <translation>nur %1 Bytes: zu kurz für einen ELF-Header</translation>
    </message>
    <message>
        <source>not an ELF file (no 7f 45 4c 46 magic)</source>
        <translation>keine ELF-Datei (keine Signatur 7f 45 4c 46)</translation>
    </message>
    <message>
        <source>not a 64-bit little-endian ELF, as every cubin is</source>
        <translation>kein 64-Bit-Little-Endian-ELF, wie es jedes Cubin ist</translation>
    </message>
    <message>
        <source>not a valid ELF file: %1</source>
        <translation>keine gültige ELF-Datei: %1</translation>
    </message>
    <message>
        <source>e_machine is %1, not EM_CUDA (190): not a cubin</source>
        <translation>e_machine ist %1, nicht EM_CUDA (190): kein Cubin</translation>
    </message>
    <message>
        <source>no section header table (e_shnum %1)</source>
        <translation>keine Section-Header-Tabelle (e_shnum %1)</translation>
    </message>
    <message>
        <source>program header table</source>
        <translation>die Program-Header-Tabelle</translation>
    </message>
    <message>
        <source>section header table</source>
        <translation>die Section-Header-Tabelle</translation>
    </message>
    <message>
        <source>section name table unreadable: %1</source>
        <translation>Tabelle der Section-Namen nicht lesbar: %1</translation>
    </message>
    <message>
        <source>section header %1 unreadable: %2</source>
        <translation>Section-Header %1 nicht lesbar: %2</translation>
    </message>
    <message>
        <source>section %1</source>
        <translation>Section %1</translation>
    </message>
    <message>
        <source>its .nv.info sections add up to more bytes than the file: they overlap, as no cubin&apos;s do</source>
        <translation>seine .nv.info-Sections ergeben zusammen mehr Bytes als die Datei: sie überlappen, was bei keinem Cubin vorkommt</translation>
    </message>
    <message>
        <source>section %1: %2</source>
        <translation>Section %1: %2</translation>
    </message>
    <message>
        <source>The occupancy of %1 is not known: KernelLens has no limits for it.</source>
        <translation>Die Belegung von %1 ist unbekannt: KernelLens kennt seine Grenzen nicht.</translation>
    </message>
    <message>
        <source>A block of 0 threads cannot be launched.</source>
        <translation>Ein Block mit 0 Threads kann nicht gestartet werden.</translation>
    </message>
    <message>
        <source>A block of %1 threads is above %2&apos;s limit of %3 threads per block.</source>
        <translation>Ein Block mit %1 Threads liegt über der Grenze von %2 (%3 Threads pro Block).</translation>
    </message>
    <message>
        <source>%1 registers per thread is above the %2 a thread can have.</source>
        <translation>%1 Register pro Thread liegen über den %2, die ein Thread haben kann.</translation>
    </message>
    <message>
        <source>The shared memory of %1 fits none of its carveouts.</source>
        <translation>Der Shared Memory von %1 passt in keine seiner Aufteilungen.</translation>
    </message>
    <message>
        <source>no block size: the kernel requires none and no entry metadata gives num_warps</source>
        <translation>keine Blockgröße: der Kernel verlangt keine und keine Eintrags-Metadaten nennen num_warps</translation>
    </message>
    <message>
        <source>the cubin records no register count for the kernel</source>
        <translation>das Cubin verzeichnet keine Registerzahl für den Kernel</translation>
    </message>
    <message>
        <source>kernel %1: kernel names, code, .nv.info records and constant banks add up to more than the file holds (names or sections are shared, as in no cubin)</source>
        <translation>Kernel %1: Kernelnamen, Code, .nv.info-Einträge und Konstantenbänke ergeben zusammen mehr, als die Datei enthält (Namen oder Abschnitte werden geteilt, wie in keinem Cubin)</translation>
    </message>
</context>
<context>
    <name>kl::doctor</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: temporary folder of pid %2, which is alive on this host: a compile may be running (last written %3 ago)</source>
        <translation>%1: temporärer Ordner des Prozesses mit PID %2, der auf diesem Host noch läuft: möglicherweise läuft gerade eine Kompilierung (zuletzt vor %3 geschrieben)</translation>
    </message>
    <message>
        <source>%1: temporary file of pid %2, which is alive on this host: a compile may be running (last written %3 ago)</source>
        <translation>%1: temporäre Datei des Prozesses mit PID %2, der auf diesem Host noch läuft: möglicherweise läuft gerade eine Kompilierung (zuletzt vor %3 geschrieben)</translation>
    </message>
    <message>
        <source>%1: temporary folder left by pid %2, which no longer runs on this host: an interrupted write (last written %3 ago)</source>
        <translation>%1: temporärer Ordner, zurückgelassen vom Prozess mit PID %2, der auf diesem Host nicht mehr läuft: ein abgebrochener Schreibvorgang (zuletzt vor %3 geschrieben)</translation>
    </message>
    <message>
        <source>%1: temporary file left by pid %2, which no longer runs on this host: an interrupted write (last written %3 ago)</source>
        <translation>%1: temporäre Datei, zurückgelassen vom Prozess mit PID %2, der auf diesem Host nicht mehr läuft: ein abgebrochener Schreibvorgang (zuletzt vor %3 geschrieben)</translation>
    </message>
    <message>
        <source>%1: temporary folder left by an interrupted write (its name records no pid; last written %2 ago)</source>
        <translation>%1: temporärer Ordner, zurückgelassen von einem abgebrochenen Schreibvorgang (sein Name enthält keine PID; zuletzt vor %2 geschrieben)</translation>
    </message>
    <message>
        <source>%1: temporary file left by an interrupted write (its name records no pid; last written %2 ago)</source>
        <translation>%1: temporäre Datei, zurückgelassen von einem abgebrochenen Schreibvorgang (ihr Name enthält keine PID; zuletzt vor %2 geschrieben)</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>%1 (a writer is alive: probably being written now)</source>
        <translation>%1 (ein Schreiber läuft noch: der Eintrag wird vermutlich gerade geschrieben)</translation>
    </message>
    <message>
        <source>not written by Triton (a DeepSpeed or Inductor file)</source>
        <translation>nicht von Triton geschrieben (eine Datei von DeepSpeed oder Inductor)</translation>
    </message>
    <message>
        <source>not a Triton cache entry (no stage, metadata or group file)</source>
        <translation>kein Triton-Cache-Eintrag (keine Stufen-, Metadaten- oder Gruppendatei)</translation>
    </message>
    <message>
        <source>%1: a file Triton does not write (forks add .sass and others)</source>
        <translation>%1: eine Datei, die Triton nicht schreibt (Forks ergänzen .sass und andere)</translation>
    </message>
    <message>
        <source>%1 is on a network filesystem (%2); the folder does not exist yet, judged by %3; it is used as %4</source>
        <translation>%1 liegt auf einem Netzwerkdateisystem (%2); der Ordner existiert noch nicht, beurteilt anhand von %3; Grund der Verwendung: %4</translation>
    </message>
    <message>
        <source>%1 is on a network filesystem (%2); it is used as %3</source>
        <translation>%1 liegt auf einem Netzwerkdateisystem (%2); Grund der Verwendung: %3</translation>
    </message>
    <message>
        <source>%1: kernel %2 has %3 cached specialisations (more than %4)</source>
        <translation>%1: Kernel %2 hat %3 gecachte Spezialisierungen (mehr als %4)</translation>
    </message>
    <message>
        <source>Remove the entry (klens clean --incomplete DIR); Triton recompiles it. Until then a Triton that finds the metadata but not the binary fails to load the kernel</source>
        <translation>Eintrag entfernen (klens clean --incomplete DIR); Triton kompiliert ihn neu. Bis dahin scheitert Triton beim Laden des Kernels, wenn es die Metadaten findet, aber nicht die Binärdatei</translation>
    </message>
    <message>
        <source>Triton checks the recorded paths, so every entry of a moved or copied cache misses. Use the cache at its original path (TRITON_CACHE_DIR), or let Triton rebuild it here and remove the old entries (klens clean --older-than)</source>
        <translation>Triton prüft die erfassten Pfade, daher führt jeder Eintrag eines verschobenen oder kopierten Caches zu einem Fehlzugriff. Den Cache unter seinem ursprünglichen Pfad verwenden (TRITON_CACHE_DIR) oder Triton ihn hier neu aufbauen lassen und die alten Einträge entfernen (klens clean --older-than)</translation>
    </message>
    <message>
        <source>The group file was damaged or forged: do not use the entry. Remove it (klens clean --incomplete DIR)</source>
        <translation>Die Gruppendatei wurde beschädigt oder gefälscht: den Eintrag nicht verwenden, sondern entfernen (klens clean --incomplete DIR)</translation>
    </message>
    <message>
        <source>The folder name is not the key of its content, so Triton never looks it up: remove the entry folder</source>
        <translation>Der Ordnername ist nicht der Schlüssel seines Inhalts, daher schlägt Triton ihn nie nach: den Eintragsordner entfernen</translation>
    </message>
    <message>
        <source>Remove the entry (klens clean --incomplete DIR); Triton recompiles it</source>
        <translation>Eintrag entfernen (klens clean --incomplete DIR); Triton kompiliert ihn neu</translation>
    </message>
    <message>
        <source>An interrupted or failed write: remove the entry (klens clean --incomplete DIR); Triton recompiles it</source>
        <translation>Ein abgebrochener oder fehlgeschlagener Schreibvorgang: Eintrag entfernen (klens clean --incomplete DIR); Triton kompiliert ihn neu</translation>
    </message>
    <message>
        <source>Check the permissions of the path and of the folders above it, and that the filesystem is healthy</source>
        <translation>Berechtigungen des Pfads und der darüberliegenden Ordner prüfen und sicherstellen, dass das Dateisystem intakt ist</translation>
    </message>
    <message>
        <source>Triton never writes symbolic links: replace the link by the file it names, or remove it</source>
        <translation>Triton schreibt nie symbolische Links: den Link durch die Datei ersetzen, auf die er verweist, oder ihn entfernen</translation>
    </message>
    <message>
        <source>Triton writes UTF-8 names only: rename or remove the file</source>
        <translation>Triton schreibt nur UTF-8-Namen: die Datei umbenennen oder entfernen</translation>
    </message>
    <message>
        <source>Not a regular file or folder (a FIFO, socket or device): remove it from the cache</source>
        <translation>Weder reguläre Datei noch Ordner (ein FIFO, Socket oder Gerät): aus dem Cache entfernen</translation>
    </message>
    <message>
        <source>Far larger than Triton writes: check what wrote it, and remove the entry if it is damage</source>
        <translation>Weit größer als alles, was Triton schreibt: prüfen, was die Datei geschrieben hat, und den Eintrag entfernen, falls sie beschädigt ist</translation>
    </message>
    <message>
        <source>The metadata and the file names disagree: the entry was edited or mixed up; remove it</source>
        <translation>Metadaten und Dateinamen stimmen nicht überein: der Eintrag wurde bearbeitet oder durcheinandergebracht; Eintrag entfernen</translation>
    </message>
    <message>
        <source>Once its writer is gone, remove it with klens clean --orphans DIR (it skips temp folders whose writer still runs on this host)</source>
        <translation>Sobald der Schreiber beendet ist, mit klens clean --orphans DIR entfernen (der Befehl überspringt temporäre Ordner, deren Schreiber auf diesem Host noch läuft)</translation>
    </message>
    <message>
        <source>Triton treats it as a miss and recompiles; klens clean --incomplete DIR removes it</source>
        <translation>Triton wertet den Eintrag als Fehlzugriff und kompiliert neu; klens clean --incomplete DIR entfernt ihn</translation>
    </message>
    <message>
        <source>Remove the entry folder; Triton recompiles it. A damaged or mislabelled code object fails to load, or loads code for another GPU</source>
        <translation>Eintragsordner entfernen; Triton kompiliert den Eintrag neu. Ein beschädigtes oder falsch gekennzeichnetes Code-Objekt lässt sich nicht laden oder lädt Code für eine andere GPU</translation>
    </message>
    <message>
        <source>Never loaded on this machine&apos;s GPUs: klens clean --stale DIR removes it (keep it if machines with that GPU share this cache)</source>
        <translation>Wird auf den GPUs dieses Rechners nie geladen: klens clean --stale DIR entfernt den Eintrag (behalten, wenn Rechner mit dieser GPU diesen Cache mitnutzen)</translation>
    </message>
    <message>
        <source>Triton&apos;s key holds its version, so this entry is never hit again: klens clean --stale DIR removes it</source>
        <translation>Der Schlüssel von Triton enthält die Triton-Version, daher gibt es für diesen Eintrag nie wieder einen Treffer: klens clean --stale DIR entfernt ihn</translation>
    </message>
    <message>
        <source>Look for an argument that is specialised on every call (a changing constexpr, shape or divisibility): klens explain shows what differs between two entries; do_not_specialize or fewer autotune configs stop it. klens clean --keep-latest K DIR trims the cache</source>
        <translation>Nach einem Argument suchen, das bei jedem Aufruf neu spezialisiert wird (ein wechselnder constexpr-Wert, eine wechselnde Shape oder Teilbarkeit): klens explain zeigt, worin sich zwei Einträge unterscheiden; do_not_specialize oder weniger Autotune-Konfigurationen unterbinden das. klens clean --keep-latest K DIR verkleinert den Cache</translation>
    </message>
    <message>
        <source>Not written by Triton: leave it if another tool (DeepSpeed, Inductor) owns it, else move it out of the cache</source>
        <translation>Nicht von Triton geschrieben: belassen, falls es zu einem anderen Werkzeug (DeepSpeed, Inductor) gehört, sonst aus dem Cache herausverschieben</translation>
    </message>
    <message>
        <source>Many ranks compiling into one network folder see FileNotFoundError, EBUSY and stale handles: set TRITON_CACHE_DIR to a local folder on each node (e.g. /tmp/triton-$USER)</source>
        <translation>Viele Ranks, die in denselben Netzwerkordner kompilieren, erhalten FileNotFoundError, EBUSY und veraltete Datei-Handles: TRITON_CACHE_DIR auf jedem Knoten auf einen lokalen Ordner setzen (z. B. /tmp/triton-$USER)</translation>
    </message>
    <message>
        <source>written by Triton %1, not the installed %2</source>
        <translation>von Triton %1 geschrieben, nicht von der installierten Version %2</translation>
    </message>
    <message>
        <source>written by a Triton older than 3.2 (its metadata records no version; %1 format), not the installed %2</source>
        <translation>von einer Triton-Version vor 3.2 geschrieben (die Metadaten erfassen keine Version; Format %1), nicht von der installierten Version %2</translation>
    </message>
    <message>
        <source>compiled for %1; this machine&apos;s GPUs are %2</source>
        <translation>kompiliert für %1; die GPUs dieses Rechners sind %2</translation>
    </message>
    <message>
        <source>Triton&apos;s RemoteCacheManager wrote this group file in the remote form (a list of names). It works while TRITON_CACHE_MANAGER names the remote cache, but Triton&apos;s plain file cache stops with AttributeError on it. Remove the entry (klens clean --incomplete DIR), or fetch it in the local form with klens remote pull</source>
        <translation>Der RemoteCacheManager von Triton hat diese Gruppendatei in der Remote-Form (eine Liste von Namen) geschrieben. Das funktioniert, solange TRITON_CACHE_MANAGER den Remote-Cache angibt, aber der einfache Datei-Cache von Triton bricht daran mit AttributeError ab. Eintrag entfernen (klens clean --incomplete DIR) oder ihn mit klens remote pull in der lokalen Form abrufen</translation>
    </message>
    <message>
        <source>The key matches the key format&apos;s pattern but not its shape, so no Triton ever reads it: check what wrote it (TRITON_REDIS_KEY_FORMAT differs between machines?), then delete it</source>
        <translation>Der Schlüssel passt zum Muster des Schlüsselformats, aber nicht zu seiner Form, daher liest ihn kein Triton je: prüfen, was ihn geschrieben hat (unterscheidet sich TRITON_REDIS_KEY_FORMAT zwischen den Rechnern?), und ihn dann löschen</translation>
    </message>
    <message>
        <source>Far larger than any stage Triton writes, so KernelLens neither pulls nor shows it (Triton itself would fetch it whole on every lookup): check what wrote it, and delete the entry&apos;s keys if it is damage</source>
        <translation>Weit größer als jede Stufe, die Triton schreibt; KernelLens holt und zeigt sie daher nicht (Triton selbst würde sie bei jedem Nachschlagen ganz holen): prüfen Sie, was sie geschrieben hat, und löschen Sie die Schlüssel des Eintrags, wenn es sich um einen Schaden handelt</translation>
    </message>
    <message>
        <source>KernelLens lists it but never cleans it. Keep dumps and overrides out of the cache: move the folder to TRITON_DUMP_DIR or TRITON_OVERRIDE_DIR (Triton reads overrides only there), or remove it by name (klens clean --dump-folder PATH DIR)</source>
        <translation>KernelLens listet ihn, räumt ihn aber nie auf. Halten Sie Dumps und Overrides aus dem Cache heraus: verschieben Sie den Ordner nach TRITON_DUMP_DIR oder TRITON_OVERRIDE_DIR (Triton liest Overrides nur dort), oder entfernen Sie ihn beim Namen (klens clean --dump-folder PATH DIR)</translation>
    </message>
    <message>
        <source>the PTX targets %1 but the entry was compiled for sm_%2: it is another target&apos;s code</source>
        <translation>das PTX zielt auf %1, der Eintrag wurde aber für sm_%2 kompiliert: es ist Code eines anderen Ziels</translation>
    </message>
    <message>
        <source>the PTX requires blocks of %1 threads (.reqntid) but Triton launches %2 (num_warps %3 x %4)</source>
        <translation>das PTX verlangt Blöcke von %1 Threads (.reqntid), Triton startet aber %2 (num_warps %3 x %4)</translation>
    </message>
    <message>
        <source>the cubin requires blocks of %1 threads (REQNTID) but Triton launches %2 (num_warps %3 x %4)</source>
        <translation>der Cubin verlangt Blöcke von %1 Threads (REQNTID), Triton startet aber %2 (num_warps %3 x %4)</translation>
    </message>
    <message>
        <source>%1: Triton never reads it from an override folder (.%2 is not a stage it compiles)</source>
        <translation>%1: Triton liest sie nie aus einem Override-Ordner (.%2 ist keine Stufe, die es kompiliert)</translation>
    </message>
    <message>
        <source>%1: Triton never reads it: it looks for %2.%3, named after the kernel as in the dump of the same source</source>
        <translation>%1: Triton liest sie nie: es sucht %2.%3, benannt nach dem Kernel wie im Dump derselben Quelle</translation>
    </message>
    <message>
        <source>%1 was built from the hand-edited %2 in %3: it is stored under its normal key, so runs without TRITON_KERNEL_OVERRIDE load the edited kernel</source>
        <translation>%1 wurde aus dem von Hand geänderten %2 in %3 gebaut: er liegt unter seinem normalen Schlüssel, also laden Läufe ohne TRITON_KERNEL_OVERRIDE den geänderten Kernel</translation>
    </message>
    <message>
        <source>%1 is newer than %2, the cache entry of the kernel it overrides, and TRITON_ALWAYS_COMPILE is not set: Triton hits that entry and never reads the override</source>
        <translation>%1 ist neuer als %2, der Cache-Eintrag des Kernels, den es überschreibt, und TRITON_ALWAYS_COMPILE ist nicht gesetzt: Triton trifft diesen Eintrag und liest den Override nie</translation>
    </message>
    <message>
        <source>The stages disagree with the entry&apos;s target or block: most often an override folder made for another target or config (Triton applies it to every compile of the kernel). Remove the entry folder (Triton recompiles it), and keep per-target overrides apart (triton.Config(..., ir_override=...) on Triton 3.4+, or one TRITON_OVERRIDE_DIR per target)</source>
        <translation>Die Stufen passen nicht zum Ziel oder Block des Eintrags: meist ein Override-Ordner für ein anderes Ziel oder eine andere Konfiguration (Triton wendet ihn auf jede Kompilierung des Kernels an). Entfernen Sie den Eintragsordner (Triton kompiliert ihn neu) und halten Sie Overrides je Ziel getrennt (triton.Config(..., ir_override=...) ab Triton 3.4, oder ein TRITON_OVERRIDE_DIR je Ziel)</translation>
    </message>
    <message>
        <source>Runs without TRITON_KERNEL_OVERRIDE hit this hand-edited kernel, since Triton stores it under the normal key. Remove the entry folder (Triton recompiles it from the source), and compile with the override in a TRITON_CACHE_DIR of its own</source>
        <translation>Läufe ohne TRITON_KERNEL_OVERRIDE treffen diesen von Hand geänderten Kernel, da Triton ihn unter dem normalen Schlüssel speichert. Entfernen Sie den Eintragsordner (Triton kompiliert ihn aus der Quelle neu) und kompilieren Sie mit dem Override in einem eigenen TRITON_CACHE_DIR</translation>
    </message>
    <message>
        <source>With a warm cache Triton never reads the override: set TRITON_ALWAYS_COMPILE=1 together with TRITON_KERNEL_OVERRIDE=1, or compile with the override in a TRITON_CACHE_DIR of its own</source>
        <translation>Mit gefülltem Cache liest Triton den Override nie: setzen Sie TRITON_ALWAYS_COMPILE=1 zusammen mit TRITON_KERNEL_OVERRIDE=1, oder kompilieren Sie mit dem Override in einem eigenen TRITON_CACHE_DIR</translation>
    </message>
    <message>
        <source>Triton reads only &lt;kernel&gt;.&lt;stage&gt; for the stages it compiles (ttir, ttgir, llir, ptx, cubin; amdgcn, hsaco on AMD), named as in the dump of the same source: rename the file, or remove it</source>
        <translation>Triton liest nur &lt;kernel&gt;.&lt;stage&gt; für die Stufen, die es kompiliert (ttir, ttgir, llir, ptx, cubin; amdgcn, hsaco auf AMD), benannt wie im Dump derselben Quelle: benennen Sie die Datei um oder entfernen Sie sie</translation>
    </message>
    <message>
        <source>The key difference changed nothing the GPU runs (line info on and off, a variable that never reaches code generation): klens explain A B names it. Keep one entry per kernel by keeping that input the same across runs; klens clean --older-than removes the copies no run uses</source>
        <translation>Der Unterschied im Schlüssel ändert nichts an dem, was die GPU ausführt (Zeileninformation an und aus, eine Variable, die die Codeerzeugung nie erreicht): klens explain A B nennt ihn. Halten Sie diese Eingabe über Läufe gleich, dann bleibt es bei einem Eintrag pro Kernel; klens clean --older-than entfernt die Kopien, die kein Lauf benutzt</translation>
    </message>
    <message>
        <source>%1: %2 entries of kernel %3 hold the same code (every kernel&apos;s instructions, line info aside) under different keys: also %4</source>
        <translation>%1: %2 Einträge von Kernel %3 enthalten unter verschiedenen Schlüsseln denselben Code (die Instruktionen jedes Kernels, abgesehen von Zeileninformation): auch %4</translation>
    </message>
    <message>
        <source>%1 is damaged at byte %2 (%3 bytes hold no valid record): %4</source>
        <translation>%1 ist ab Byte %2 beschädigt (%3 Bytes ohne gültigen Datensatz): %4</translation>
    </message>
    <message>
        <source>The records before and after the damage are intact: klens unpack DIR writes every intact entry back as a folder and keeps the damaged pack. A damaged record is lost: Triton recompiles it</source>
        <translation>Die Datensätze vor und nach dem Schaden sind intakt: klens unpack DIR schreibt jeden intakten Eintrag als Ordner zurück und behält das beschädigte Paket. Ein beschädigter Datensatz ist verloren: Triton kompiliert ihn neu</translation>
    </message>
    <message>
        <source>Readers and writers of this KernelLens skip it: read it with the KernelLens that wrote it (klens unpack DIR), or move it out of the pack folder</source>
        <translation>Leser und Schreiber dieser KernelLens-Version überspringen es: lesen Sie es mit der KernelLens, die es geschrieben hat (klens unpack DIR), oder verschieben Sie es aus dem Paketordner</translation>
    </message>
    <message>
        <source>%1 holds %2 record(s) of a kind this KernelLens does not read, first kind %3 at byte %4 (a newer writer&apos;s, or a damaged record header)</source>
        <translation>%1 enthält %2 Datensatz/Datensätze einer Art, die diese KernelLens nicht liest, zuerst Art %3 bei Byte %4 (von einem neueren Schreiber oder ein beschädigter Datensatzkopf)</translation>
    </message>
</context>
<context>
    <name>kl::env</name>
    <message>
        <source>cannot create a pipe: %1</source>
        <translation>Pipe kann nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation>%1 kann nicht ausgeführt werden: %2</translation>
    </message>
    <message>
        <source>%1 (from KL_PYTHON) does not exist or is not executable</source>
        <translation>%1 (aus KL_PYTHON) existiert nicht oder ist nicht ausführbar</translation>
    </message>
    <message>
        <source>no %1 on PATH (%2)</source>
        <translation>kein %1 im PATH (%2)</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 ms (import triton hung); killed</source>
        <translation>%1 hat nicht innerhalb von %2 ms geantwortet (import triton hing); beendet</translation>
    </message>
    <message>
        <source>%1 was killed by signal %2 importing triton</source>
        <translation>%1 wurde beim Import von triton durch Signal %2 beendet</translation>
    </message>
    <message>
        <source>import triton failed in %1 (exit %2)</source>
        <translation>import triton ist in %1 fehlgeschlagen (Exit-Code %2)</translation>
    </message>
    <message>
        <source>import triton failed in %1 (exit %2): %3</source>
        <translation>import triton ist in %1 fehlgeschlagen (Exit-Code %2): %3</translation>
    </message>
    <message>
        <source>%1 printed no Triton version</source>
        <translation>%1 hat keine Triton-Version ausgegeben</translation>
    </message>
</context>
<context>
    <name>kl::events</name>
    <message>
        <source>not a JSON object</source>
        <translation>kein JSON-Objekt</translation>
    </message>
    <message>
        <source>no &quot;origin&quot; string</source>
        <translation>keine Zeichenkette „origin“</translation>
    </message>
    <message>
        <source>no &quot;cache_hit&quot; boolean</source>
        <translation>kein Wahrheitswert „cache_hit“</translation>
    </message>
    <message>
        <source>no &quot;time_ns&quot; number</source>
        <translation>keine Zahl „time_ns“</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1: keine reguläre Datei</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>line longer than 1 MiB</source>
        <translation>Zeile länger als 1 MiB</translation>
    </message>
    <message>
        <source>partial last line (no newline)</source>
        <translation>unvollständige letzte Zeile (kein Zeilenumbruch)</translation>
    </message>
</context>
<context>
    <name>kl::explain</name>
    <message>
        <source>.%1 only in %2 (the other was stored binary-only, or is incomplete): not compared</source>
        <translation>.%1 nur in %2 (der andere Eintrag wurde nur binär gespeichert oder ist unvollständig): nicht verglichen</translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes</source>
        <translation>%1 ist größer als %2 Bytes</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is a %2 entry, not a compiled kernel: only kernels have a key to explain</source>
        <translation>%1 ist ein Eintrag der Art %2, kein kompilierter Kernel: nur Kernel haben einen Schlüssel, der sich erklären lässt</translation>
    </message>
    <message>
        <source>%1: no readable metadata</source>
        <translation>%1: keine lesbaren Metadaten</translation>
    </message>
    <message>
        <source>%1: no readable metadata (%2)</source>
        <translation>%1: keine lesbaren Metadaten (%2)</translation>
    </message>
    <message>
        <source>triton_key: Triton&apos;s own Python files (compiler, backends, language, runtime/cache.py) and the bytes of libtriton; a reinstall or another build of the same version changes it</source>
        <translation>triton_key: die eigenen Python-Dateien von Triton (compiler, backends, language, runtime/cache.py) und die Bytes von libtriton; eine Neuinstallation oder ein anderer Build derselben Version ändert ihn</translation>
    </message>
    <message>
        <source>backend hash: for CUDA the `ptxas --version` output (the bundled ptxas, TRITON_PTXAS_PATH, TRITON_PTXAS_BLACKWELL_PATH) and the arch; for HIP the target and the AMD codegen revision</source>
        <translation>Backend-Hash: bei CUDA die Ausgabe von `ptxas --version` (das mitgelieferte ptxas, TRITON_PTXAS_PATH, TRITON_PTXAS_BLACKWELL_PATH) und die Arch; bei HIP das Ziel und die Revision des AMD-Codegens</translation>
    </message>
    <message>
        <source>extern library contents: the options hash covers the sha256 of each extern_libs file (libdevice, ocml, ockl); the cache records only their paths</source>
        <translation>Inhalt externer Bibliotheken: der Options-Hash umfasst den sha256 jeder extern_libs-Datei (libdevice, ocml, ockl); der Cache erfasst nur ihre Pfade</translation>
    </message>
    <message>
        <source>a stage-inspection hook (knobs.runtime.add_stages_inspection_hook) appends its own key</source>
        <translation>ein Hook zur Stufeninspektion (knobs.runtime.add_stages_inspection_hook) hängt seinen eigenen Schlüssel an</translation>
    </message>
    <message>
        <source>source hash: the kernel&apos;s Python source and every function it calls, its starting line number in the file (editing lines above it counts), the signature, the constexpr values and the specialisation attributes (e.g. 16-byte divisibility of pointers and ints)</source>
        <translation>Quelltext-Hash: der Python-Quelltext des Kernels und jeder Funktion, die er aufruft, seine Startzeilennummer in der Datei (auch das Bearbeiten von Zeilen darüber zählt), die Signatur, die constexpr-Werte und die Spezialisierungsattribute (z. B. 16-Byte-Teilbarkeit von Zeigern und Ganzzahlen)</translation>
    </message>
    <message>
        <source>different kernels: their source hashes differ</source>
        <translation>verschiedene Kernel: ihre Quelltext-Hashes unterscheiden sich</translation>
    </message>
    <message>
        <source>triton_key differs with the version</source>
        <translation>triton_key ändert sich mit der Version</translation>
    </message>
    <message>
        <source>the backend hash includes the arch (and, for CUDA, which ptxas compiled it)</source>
        <translation>der Backend-Hash enthält die Arch (und bei CUDA, welches ptxas den Kernel kompiliert hat)</translation>
    </message>
    <message>
        <source>metadata in the 2.x format records no environment variables: an unset one proves nothing</source>
        <translation>Metadaten im Format 2.x erfassen keine Umgebungsvariablen: eine nicht gesetzte beweist nichts</translation>
    </message>
    <message>
        <source>.%1 not compared: %2</source>
        <translation>.%1 nicht verglichen: %2</translation>
    </message>
    <message>
        <source>nothing else recorded differs: the kernel&apos;s Python source, what it calls, or its specialisation (signature, constants, attributes) changed: the source hash</source>
        <translation>sonst unterscheidet sich nichts Erfasstes: der Python-Quelltext des Kernels, was er aufruft, oder seine Spezialisierung (Signatur, Konstanten, Attribute) hat sich geändert: der Quelltext-Hash</translation>
    </message>
    <message>
        <source>the IR is generated from the inputs above; this can follow from them</source>
        <translation>die IR wird aus den obigen Eingaben erzeugt; dieser Unterschied kann sich aus ihnen ergeben</translation>
    </message>
    <message>
        <source>both record the hash %1: the same key. A miss between them is not a key difference: Triton only hits when every path its group file records exists (see klens show: moved-cache, missing-child)</source>
        <translation>beide erfassen den Hash %1: derselbe Schlüssel. Ein Fehlzugriff zwischen ihnen ist kein Schlüsselunterschied: Triton meldet nur dann einen Treffer, wenn jeder Pfad existiert, den seine Gruppendatei erfasst (siehe klens show: moved-cache, missing-child)</translation>
    </message>
    <message>
        <source>the Triton version here is unknown: %1</source>
        <translation>die Triton-Version hier ist unbekannt: %1</translation>
    </message>
    <message>
        <source>the entry does not record its Triton version (before 3.2); here: %1</source>
        <translation>der Eintrag erfasst seine Triton-Version nicht (vor 3.2); hier: %1</translation>
    </message>
    <message>
        <source>triton_key differs with the version (from %1)</source>
        <translation>triton_key ändert sich mit der Version (Quelle: %1)</translation>
    </message>
    <message>
        <source>the GPU arch here is unknown: %1</source>
        <translation>die GPU-Arch hier ist unbekannt: %1</translation>
    </message>
    <message>
        <source>no GPU here has the entry&apos;s compute capability (%1)</source>
        <translation>keine GPU hier hat die Compute Capability des Eintrags (%1)</translation>
    </message>
    <message>
        <source>the entry targets %1 %2; only NVIDIA GPUs are detected here (%3)</source>
        <translation>der Eintrag zielt auf %1 %2; hier werden nur NVIDIA-GPUs erkannt (%3)</translation>
    </message>
    <message>
        <source>metadata in the 2.x format records no environment variables: not compared</source>
        <translation>Metadaten im Format 2.x erfassen keine Umgebungsvariablen: nicht verglichen</translation>
    </message>
    <message>
        <source>its value is not UTF-8: Triton 3.9 fails to read it (UnicodeDecodeError)</source>
        <translation>ihr Wert ist kein UTF-8: Triton 3.9 kann ihn nicht lesen (UnicodeDecodeError)</translation>
    </message>
    <message>
        <source>set to &quot;%1&quot;, which Triton records as &quot;%2&quot;</source>
        <translation>gesetzt auf „%1“, was Triton als „%2“ erfasst</translation>
    </message>
    <message>
        <source>only older Triton versions key on it</source>
        <translation>nur ältere Triton-Versionen beziehen sie in den Schlüssel ein</translation>
    </message>
    <message>
        <source>%1; only older Triton versions key on it</source>
        <translation>%1; nur ältere Triton-Versionen beziehen sie in den Schlüssel ein</translation>
    </message>
    <message>
        <source>compile options (num_warps, num_stages, ...) come from the call site, not the environment: compare two entries with `klens explain A B`</source>
        <translation>Kompilieroptionen (num_warps, num_stages, ...) stammen von der Aufrufstelle, nicht aus der Umgebung: zwei Einträge mit `klens explain A B` vergleichen</translation>
    </message>
    <message>
        <source>%1 failed (exit %2)</source>
        <translation>%1 ist fehlgeschlagen (Exit-Code %2)</translation>
    </message>
    <message>
        <source>%1 printed &quot;%2&quot;, not a compute capability</source>
        <translation>%1 gab „%2“ aus, keine Compute Capability</translation>
    </message>
    <message>
        <source>%1 lists no GPU</source>
        <translation>%1 listet keine GPU auf</translation>
    </message>
    <message>
        <source>the two cubins hold the same code: every kernel&apos;s instructions are identical (line info and notes aside), so the key difference changed nothing the GPU runs; the cache keeps this kernel twice</source>
        <translation>die beiden Cubins enthalten denselben Code: die Instruktionen jedes Kernels sind gleich (abgesehen von Zeileninformation und Notizen), der Unterschied im Schlüssel ändert also nichts an dem, was die GPU ausführt; der Cache hält diesen Kernel doppelt</translation>
    </message>
    <message>
        <source>the same instructions in every kernel; other bytes (line info, notes) differ</source>
        <translation>dieselben Instruktionen in jedem Kernel; andere Bytes (Zeileninformation, Notizen) unterscheiden sich</translation>
    </message>
</context>
<context>
    <name>kl::export</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot open entry folder %1: %2</source>
        <translation>der Eintragsordner %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot list %1: %2</source>
        <translation>%1 kann nicht aufgelistet werden: %2</translation>
    </message>
    <message>
        <source>cannot rename %1 to %2: %3</source>
        <translation>%1 kann nicht in %2 umbenannt werden: %3</translation>
    </message>
    <message>
        <source>libarchive could not be loaded (%1): install libarchive13 to export</source>
        <translation>libarchive konnte nicht geladen werden (%1): installieren Sie libarchive13, um zu exportieren</translation>
    </message>
</context>
<context>
    <name>kl::formats</name>
    <message>
        <source>autotune result is not a JSON object</source>
        <translation>Autotune-Ergebnis ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>autotune result has no &quot;configs_timings&quot; list</source>
        <translation>Autotune-Ergebnis hat keine Liste &quot;configs_timings&quot;</translation>
    </message>
    <message>
        <source>a &quot;configs_timings&quot; item is not a [config, timings] pair</source>
        <translation>ein Element von &quot;configs_timings&quot; ist kein Paar [Konfiguration, Zeiten]</translation>
    </message>
    <message>
        <source>group file is not a JSON object</source>
        <translation>Gruppendatei ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>group file has no &quot;child_paths&quot;</source>
        <translation>Gruppendatei hat kein &quot;child_paths&quot;</translation>
    </message>
    <message>
        <source>&quot;child_paths&quot; list holds a non-string</source>
        <translation>die Liste &quot;child_paths&quot; enthält etwas anderes als eine Zeichenkette</translation>
    </message>
    <message>
        <source>&quot;child_paths&quot; is neither an object nor a list</source>
        <translation>&quot;child_paths&quot; ist weder ein Objekt noch eine Liste</translation>
    </message>
    <message>
        <source>metadata is not a JSON object</source>
        <translation>Metadaten sind kein JSON-Objekt</translation>
    </message>
</context>
<context>
    <name>kl::fs</name>
    <message>
        <source>set by %1</source>
        <translation>gesetzt durch %1</translation>
    </message>
    <message>
        <source>the default %1, since %2 is not set</source>
        <translation>Standardpfad %1, da %2 nicht gesetzt ist</translation>
    </message>
    <message>
        <source>an unknown filesystem</source>
        <translation>einem unbekannten Dateisystem</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>%1, mounted at %2</source>
        <translation>%1, eingehängt unter %2</translation>
    </message>
    <message>
        <source>%1 (a bind mount of %2)</source>
        <translation>%1 (ein Bind-Mount von %2)</translation>
    </message>
    <message>
        <source>%1; it does not exist yet, so its nearest existing parent %2 was examined</source>
        <translation>%1; der Ordner existiert noch nicht, daher wurde sein nächster existierender übergeordneter Ordner %2 untersucht</translation>
    </message>
    <message>
        <source>; it does not exist yet, so its nearest existing parent %1 was examined</source>
        <translation>; der Ordner existiert noch nicht, daher wurde sein nächster existierender übergeordneter Ordner %1 untersucht</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2 (%3)</translation>
    </message>
    <message>
        <source>Every compile writes each stage there: compiles get slow and processes can hang at exit while the writes flush.</source>
        <translation>Jede Kompilierung schreibt dort jede Stufe: Kompilierungen werden langsam, und Prozesse können beim Beenden hängen, während die Schreibpuffer geleert werden.</translation>
    </message>
    <message>
        <source>A cache there makes compiles slow, can hang processes at exit while writes flush, and lets ranks that compile the same kernel race on the rename of its temporary files.</source>
        <translation>Ein Cache dort macht Kompilierungen langsam, kann Prozesse beim Beenden hängen lassen, während die Schreibpuffer geleert werden, und führt bei Ranks, die denselben Kernel kompilieren, zu Race Conditions beim Umbenennen seiner temporären Dateien.</translation>
    </message>
    <message>
        <source>Fix: point %1 at local disk, e.g. export %1=/tmp/triton-cache-$USER, or node-local scratch (DeepSpeed and Triton then share that folder).</source>
        <translation>Abhilfe: %1 auf eine lokale Platte richten, z. B. export %1=/tmp/triton-cache-$USER, oder auf knotenlokalen Scratch-Speicher (DeepSpeed und Triton teilen sich dann diesen Ordner).</translation>
    </message>
    <message>
        <source>Fix: point %1 at local disk, e.g. export %1=/tmp/triton-cache-$USER, or node-local scratch (or set TRITON_CACHE_DIR, which Inductor then uses).</source>
        <translation>Abhilfe: %1 auf eine lokale Platte richten, z. B. export %1=/tmp/triton-cache-$USER, oder auf knotenlokalen Scratch-Speicher (oder TRITON_CACHE_DIR setzen, das Inductor dann verwendet).</translation>
    </message>
    <message>
        <source>Fix: point %1 at local disk, e.g. export %1=/tmp/triton-cache-$USER, or node-local scratch.</source>
        <translation>Abhilfe: %1 auf eine lokale Platte richten, z. B. export %1=/tmp/triton-cache-$USER, oder auf knotenlokalen Scratch-Speicher.</translation>
    </message>
    <message>
        <source>%1 is on a network filesystem: %2. %3 %4</source>
        <translation>%1 liegt auf einem Netzwerkdateisystem: %2. %3 %4</translation>
    </message>
    <message>
        <source>Triton&apos;s cache folder</source>
        <translation>Triton-Cache-Ordner</translation>
    </message>
    <message>
        <source>Triton&apos;s dump folder</source>
        <translation>Triton-Dump-Ordner</translation>
    </message>
    <message>
        <source>Triton&apos;s override folder</source>
        <translation>Triton-Override-Ordner</translation>
    </message>
    <message>
        <source>TorchInductor&apos;s Triton folder</source>
        <translation>Triton-Ordner von TorchInductor</translation>
    </message>
    <message>
        <source>%1, used since TRITON_CACHE_DIR is not set</source>
        <translation>%1, verwendet, da TRITON_CACHE_DIR nicht gesetzt ist</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s Triton autotune folder</source>
        <translation>Triton-Autotune-Ordner von DeepSpeed</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s default %1, since TRITON_CACHE_DIR is not set</source>
        <translation>DeepSpeed-Standardpfad %1, da TRITON_CACHE_DIR nicht gesetzt ist</translation>
    </message>
    <message>
        <source>TRITON_CACHE_DIR is set but empty: DeepSpeed then fails to create its autotune folder</source>
        <translation>TRITON_CACHE_DIR ist gesetzt, aber leer: DeepSpeed kann dann seinen Autotune-Ordner nicht anlegen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 is on a network filesystem: %2. Triton only reads it, so this costs time but does not race.</source>
        <translation>%1 liegt auf einem Netzwerkdateisystem: %2. Triton liest dort nur; das kostet Zeit, verursacht aber keine Race Conditions.</translation>
    </message>
    <message>
        <source>%1 is on a network filesystem: %2. It is not in use now (%3 is not set).</source>
        <translation>%1 liegt auf einem Netzwerkdateisystem: %2. Derzeit nicht in Gebrauch (%3 ist nicht gesetzt).</translation>
    </message>
    <message>
        <source>%1 is on %2, a memory filesystem: its entries are lost at reboot and count against RAM (and a container&apos;s memory limit)%3.</source>
        <translation>%1 liegt auf %2, einem Dateisystem im Arbeitsspeicher: die Einträge gehen bei einem Neustart verloren und werden auf den RAM (und das Speicherlimit eines Containers) angerechnet%3.</translation>
    </message>
    <message>
        <source>%1 is on %2, a container&apos;s writable layer: its entries are lost when the container is removed and every write copies up; mount a volume there to keep them%3.</source>
        <translation>%1 liegt auf %2, der beschreibbaren Schicht eines Containers: die Einträge gehen verloren, wenn der Container entfernt wird, und jeder Schreibzugriff löst ein Copy-up aus; dort ein Volume einhängen, um sie zu behalten%3.</translation>
    </message>
    <message>
        <source>%1 lies under the autofs mount point %2, whose filesystem was not mounted when probed: its type is unknown until it is mounted on first use. List the folder and run again.</source>
        <translation>%1 liegt unter dem autofs-Einhängepunkt %2, dessen Dateisystem bei der Prüfung nicht eingehängt war: sein Typ ist unbekannt, bis es bei der ersten Verwendung eingehängt wird. Den Ordner auflisten und erneut ausführen.</translation>
    </message>
    <message>
        <source>%1 is on %2, which KernelLens does not know: not judged.</source>
        <translation>%1 liegt auf %2, das KernelLens nicht kennt: nicht beurteilt.</translation>
    </message>
    <message>
        <source>The folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>%1: larger than 64 MiB</source>
        <translation>%1: größer als 64 MiB</translation>
    </message>
    <message>
        <source>cannot examine the filesystem of %1: %2</source>
        <translation>das Dateisystem von %1 lässt sich nicht untersuchen: %2</translation>
    </message>
    <message>
        <source>no mountinfo line matches it</source>
        <translation>keine Zeile in mountinfo passt dazu</translation>
    </message>
    <message>
        <source>cannot examine an empty path</source>
        <translation>ein leerer Pfad lässt sich nicht untersuchen</translation>
    </message>
    <message>
        <source>not asked</source>
        <translation>nicht abgefragt</translation>
    </message>
</context>
<context>
    <name>kl::gpu</name>
    <message>
        <source>no CUDA driver (%1)</source>
        <translation>kein CUDA-Treiber (%1)</translation>
    </message>
    <message>
        <source>CUDA driver %1 lacks %2: it is older than this build&apos;s CUDA %3 headers expect; update the NVIDIA driver</source>
        <translation>dem CUDA-Treiber %1 fehlt %2: er ist älter, als die CUDA-%3-Header dieses Builds erwarten; aktualisieren Sie den NVIDIA-Treiber</translation>
    </message>
    <message>
        <source>no CUDA driver (%1 is the CUDA Toolkit&apos;s stub library, not a driver)</source>
        <translation>kein CUDA-Treiber (%1 ist die Stub-Bibliothek des CUDA Toolkits, kein Treiber)</translation>
    </message>
    <message>
        <source>CUDA driver %1 did not start: %2</source>
        <translation>der CUDA-Treiber %1 ist nicht gestartet: %2</translation>
    </message>
    <message>
        <source>no CUDA device (the driver %1 sees none)</source>
        <translation>kein CUDA-Gerät (der Treiber %1 sieht keines)</translation>
    </message>
    <message>
        <source>GPU support is off: KernelLens was built without the CUDA Toolkit (cuda.h not found at configure time; set CUDAToolkit_ROOT and rebuild)</source>
        <translation>GPU-Unterstützung ist aus: KernelLens wurde ohne das CUDA Toolkit gebaut (cuda.h beim Konfigurieren nicht gefunden; CUDAToolkit_ROOT setzen und neu bauen)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: no configuration satisfies the constraints</source>
        <translation>%1: keine Konfiguration erfüllt die Bedingungen</translation>
    </message>
    <message>
        <source>cannot plan the launch: %1</source>
        <translation>der Start lässt sich nicht planen: %1</translation>
    </message>
    <message>
        <source>no reference to check against: %1</source>
        <translation>keine Referenz zum Prüfen: %1</translation>
    </message>
    <message>
        <source>not checked (the spec names no reference)</source>
        <translation>nicht geprüft (die Spezifikation nennt keine Referenz)</translation>
    </message>
    <message>
        <source>not saved: the run was cancelled</source>
        <translation>nicht gespeichert: der Lauf wurde abgebrochen</translation>
    </message>
    <message>
        <source>not saved: the run stopped before every configuration ran</source>
        <translation>nicht gespeichert: der Lauf hielt an, bevor jede Konfiguration lief</translation>
    </message>
    <message>
        <source>%1 failed: %2 (%3)</source>
        <translation>%1 fehlgeschlagen: %2 (%3)</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>no kernel loaded</source>
        <translation>kein Kernel geladen</translation>
    </message>
    <message>
        <source>the launch failed on the device: %1</source>
        <translation>der Start ist auf dem Gerät fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>L2 flush buffer: %1</source>
        <translation>Puffer zum Leeren des L2: %1</translation>
    </message>
    <message>
        <source>buffer `%1`: %2</source>
        <translation>Puffer `%1`: %2</translation>
    </message>
    <message>
        <source>a block of %1 threads is more than this kernel can run (%2 at %3 registers a thread)</source>
        <translation>ein Block mit %1 Threads ist mehr, als dieser Kernel ausführen kann (%2 bei %3 Registern pro Thread)</translation>
    </message>
    <message>
        <source>%1 bytes of shared memory a block (%2 dynamic) is more than the device&apos;s %3</source>
        <translation>%1 Bytes Shared Memory pro Block (%2 dynamisch) sind mehr als die %3 des Geräts</translation>
    </message>
    <message>
        <source>the device could not be reset after %1: %2</source>
        <translation>das Gerät ließ sich nach %1 nicht zurücksetzen: %2</translation>
    </message>
    <message>
        <source>%1 (the context was reset)</source>
        <translation>%1 (der Kontext wurde zurückgesetzt)</translation>
    </message>
    <message>
        <source>a kernel is still running past the time bound of %1 s; no further launch can run until it ends</source>
        <translation>ein Kernel läuft noch über das Zeitlimit von %1 s hinaus; bis er endet, kann kein weiterer Start laufen</translation>
    </message>
    <message>
        <source>ran past the time bound of %1 s</source>
        <translation>lief über das Zeitlimit von %1 s hinaus</translation>
    </message>
    <message>
        <source>no CUDA device %1 (there are %2)</source>
        <translation>kein CUDA-Gerät %1 (es gibt %2)</translation>
    </message>
    <message>
        <source>%1 (is the kernel extern &quot;C&quot;?)</source>
        <translation>%1 (ist der Kernel extern &quot;C&quot;?)</translation>
    </message>
    <message>
        <source>%1 ran past the time bound of %2 s</source>
        <translation>%1 lief über das Zeitlimit von %2 s hinaus</translation>
    </message>
    <message>
        <source>the first launch</source>
        <translation>der erste Start</translation>
    </message>
    <message>
        <source>the estimate launches</source>
        <translation>die Starts zur Schätzung</translation>
    </message>
    <message>
        <source>the timed launches</source>
        <translation>die gemessenen Starts</translation>
    </message>
    <message>
        <source>no CUDA device: this user may not open %1 (%2); the NVIDIA device files need read and write permission, often given through their group (ls -l %1)</source>
        <translation>kein CUDA-Gerät: dieser Benutzer darf %1 nicht öffnen (%2); die NVIDIA-Gerätedateien brauchen Lese- und Schreibrecht, oft über ihre Gruppe vergeben (ls -l %1)</translation>
    </message>
    <message>
        <source>no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE; CUDA_VISIBLE_DEVICES=&quot;%1&quot; hides every device)</source>
        <translation>kein CUDA-Gerät (cuInit: CUDA_ERROR_NO_DEVICE; CUDA_VISIBLE_DEVICES=„%1“ verbirgt jedes Gerät)</translation>
    </message>
    <message>
        <source>no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE; there are no /dev/nvidia* device files: is the NVIDIA kernel module loaded?)</source>
        <translation>kein CUDA-Gerät (cuInit: CUDA_ERROR_NO_DEVICE; es gibt keine Gerätedateien /dev/nvidia*: ist das NVIDIA-Kernelmodul geladen?)</translation>
    </message>
    <message>
        <source>no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE)</source>
        <translation>kein CUDA-Gerät (cuInit: CUDA_ERROR_NO_DEVICE)</translation>
    </message>
    <message>
        <source>the GPU worker %1 could not be started: %2</source>
        <translation>der GPU-Arbeitsprozess %1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>the GPU worker&apos;s reply was malformed</source>
        <translation>die Antwort des GPU-Arbeitsprozesses war fehlerhaft</translation>
    </message>
    <message>
        <source>the GPU worker process ended: %1</source>
        <translation>der GPU-Arbeitsprozess wurde beendet: %1</translation>
    </message>
    <message>
        <source>%1 (the launch ran in a process of its own, which was ended; the next configuration starts a new one)</source>
        <translation>%1 (der Start lief in einem eigenen Prozess, der beendet wurde; die nächste Konfiguration startet einen neuen)</translation>
    </message>
</context>
<context>
    <name>kl::gui::AutotuneDialog</name>
    <message>
        <source>Autotune</source>
        <translation>Autotuning</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>Lauf &amp;abbrechen</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Median ms</source>
        <translation>Median ms</translation>
    </message>
    <message>
        <source>p20 ms</source>
        <translation>p20 ms</translation>
    </message>
    <message>
        <source>p80 ms</source>
        <translation>p80 ms</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>Kernel:</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Größe:</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>%1 of %2: %3 %4</source>
        <translation>%1 von %2: %3 %4</translation>
    </message>
    <message>
        <source>Cannot autotune: %1</source>
        <translation>Autotuning nicht möglich: %1</translation>
    </message>
    <message>
        <source>  (best)</source>
        <translation>  (beste)</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>Best: %1 on %2</source>
        <translation>Beste: %1 auf %2</translation>
    </message>
    <message>
        <source>No configuration ran correctly on %1</source>
        <translation>Keine Konfiguration lief auf %1 korrekt</translation>
    </message>
    <message>
        <source> — cancelled</source>
        <translation> — abgebrochen</translation>
    </message>
    <message>
        <source> — stopped: %1</source>
        <translation> — angehalten: %1</translation>
    </message>
    <message>
        <source> — saved %1</source>
        <translation> — %1 gespeichert</translation>
    </message>
</context>
<context>
    <name>kl::gui::CacheWatcher</name>
    <message>
        <source>live updates off ($KERNELLENS_WATCH=off)</source>
        <translation>Live-Aktualisierung aus ($KERNELLENS_WATCH=off)</translation>
    </message>
    <message numerus="yes">
        <source>watching %n folder(s) for new entries</source>
        <translation>
            <numerusform>überwacht %n Ordner auf neue Einträge</numerusform>
            <numerusform>überwacht %n Ordner auf neue Einträge</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>polling %n folder(s) every %1 s (%2: remote writers raise no events)</source>
        <translation>
            <numerusform>fragt %n Ordner alle %1 s ab (%2: entfernte Schreiber lösen keine Ereignisse aus)</numerusform>
            <numerusform>fragt %n Ordner alle %1 s ab (%2: entfernte Schreiber lösen keine Ereignisse aus)</numerusform>
        </translation>
    </message>
    <message>
        <source>live: %1</source>
        <translation>live: %1</translation>
    </message>
</context>
<context>
    <name>kl::gui::CleanDialog</name>
    <message>
        <source>Clean Cache</source>
        <translation>Cache bereinigen</translation>
    </message>
    <message>
        <source>Keep the cache under</source>
        <translation>Cache kleiner halten als</translation>
    </message>
    <message>
        <source>Bytes, or with K, M, G, T (powers of 1024): the least recently written entries go first</source>
        <translation>Bytes, oder mit K, M, G, T (Potenzen von 1024): die am längsten nicht geschriebenen Einträge gehen zuerst</translation>
    </message>
    <message>
        <source>Entries not written for</source>
        <translation>Einträge, nicht geschrieben seit</translation>
    </message>
    <message>
        <source>A duration such as 7d, 12h, 1h30m or 2w</source>
        <translation>Eine Dauer wie 7d, 12h, 1h30m oder 2w</translation>
    </message>
    <message>
        <source>Per kernel, keep only the newest</source>
        <translation>Pro Kernel nur die neuesten behalten</translation>
    </message>
    <message>
        <source>Stale entries: written by another Triton or for another GPU</source>
        <translation>Veraltete Einträge: von einer anderen Triton-Version oder für eine andere GPU geschrieben</translation>
    </message>
    <message>
        <source>Leftover temp folders whose writer is gone</source>
        <translation>Zurückgelassene temporäre Ordner, deren Schreiber beendet ist</translation>
    </message>
    <message>
        <source>Incomplete or corrupt entries Triton cannot use</source>
        <translation>Unvollständige oder beschädigte Einträge, die Triton nicht nutzen kann</translation>
    </message>
    <message>
        <source>Never touch what was written more recently than this: another process may still be writing it</source>
        <translation>Nichts anrühren, was jünger ist: ein anderer Prozess schreibt es vielleicht noch</translation>
    </message>
    <message>
        <source>Grace period:</source>
        <translation>Schonfrist:</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>&amp;Vorschau</translation>
    </message>
    <message>
        <source>Dry run: list what would be removed, remove nothing</source>
        <translation>Probelauf: auflisten, was entfernt würde, nichts entfernen</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>&amp;Entfernen…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Last written</source>
        <translation>Zuletzt geschrieben</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>The policies changed while planning: press Preview again.</source>
        <translation>Die Regeln haben sich während der Planung geändert: bitte erneut auf Vorschau klicken.</translation>
    </message>
    <message>
        <source>%1 entries, %2. Choose what may go, then Preview: nothing is removed until you confirm.</source>
        <translation>%1 Einträge, %2. Wählen Sie, was weg darf, dann Vorschau: Nichts wird entfernt, bevor Sie bestätigen.</translation>
    </message>
    <message>
        <source>Size limit: %1</source>
        <translation>Größenlimit: %1</translation>
    </message>
    <message>
        <source>Age: %1</source>
        <translation>Alter: %1</translation>
    </message>
    <message>
        <source>Grace period: %1</source>
        <translation>Schonfrist: %1</translation>
    </message>
    <message>
        <source>Choose at least one kind of entry to remove.</source>
        <translation>Wählen Sie mindestens eine Art von Einträgen zum Entfernen.</translation>
    </message>
    <message>
        <source>The policies changed: press Preview to see what they would remove.</source>
        <translation>Die Regeln haben sich geändert: klicken Sie auf Vorschau, um zu sehen, was sie entfernen würden.</translation>
    </message>
    <message>
        <source>Planning…</source>
        <translation>Wird geplant…</translation>
    </message>
    <message>
        <source>temp files inside</source>
        <translation>temporäre Dateien darin</translation>
    </message>
    <message>
        <source>would go</source>
        <translation>würde entfernt</translation>
    </message>
    <message numerus="yes">
        <source>Dry run: %n entries would go, freeing %1 of %2.</source>
        <translation>
            <numerusform>Probelauf: %n Eintrag würde entfernt, frei würden %1 von %2.</numerusform>
            <numerusform>Probelauf: %n Einträge würden entfernt, frei würden %1 von %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chosen entries are younger than the grace period and stay.</source>
        <translation>
            <numerusform>%n gewählter Eintrag ist jünger als die Schonfrist und bleibt.</numerusform>
            <numerusform>%n gewählte Einträge sind jünger als die Schonfrist und bleiben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Remove %n Entries…</source>
        <translation>
            <numerusform>%n Eintrag &amp;entfernen…</numerusform>
            <numerusform>%n Einträge &amp;entfernen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %n entries (%1) from %2?

Entries written to since the preview, and those a running process is writing, are skipped.</source>
        <translation>
            <numerusform>%n Eintrag (%1) aus %2 entfernen?

Einträge, die seit der Vorschau geschrieben wurden oder gerade von einem laufenden Prozess geschrieben werden, werden übersprungen.</numerusform>
            <numerusform>%n Einträge (%1) aus %2 entfernen?

Einträge, die seit der Vorschau geschrieben wurden oder gerade von einem laufenden Prozess geschrieben werden, werden übersprungen.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 folders</source>
        <translation>%1 Ordner</translation>
    </message>
    <message>
        <source>Removing…</source>
        <translation>Wird entfernt…</translation>
    </message>
    <message>
        <source>Removed %1 entries, freed %2; %3 already gone, %4 skipped, %5 failed.</source>
        <translation>%1 Einträge entfernt, %2 freigegeben; %3 bereits weg, %4 übersprungen, %5 fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Cancelled: the rest was left alone.</source>
        <translation>Abgebrochen: der Rest bleibt unangetastet.</translation>
    </message>
    <message>
        <source>removed</source>
        <comment>clean result</comment>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>already gone</source>
        <comment>clean result</comment>
        <translation>bereits weg</translation>
    </message>
    <message>
        <source>skipped: written recently</source>
        <comment>clean result</comment>
        <translation>übersprungen: kürzlich geschrieben</translation>
    </message>
    <message>
        <source>skipped: writer running</source>
        <comment>clean result</comment>
        <translation>übersprungen: Schreiber läuft</translation>
    </message>
    <message>
        <source>skipped: unsafe</source>
        <comment>clean result</comment>
        <translation>übersprungen: unsicher</translation>
    </message>
    <message>
        <source>interrupted</source>
        <comment>clean result</comment>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>clean result</comment>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>clean result</comment>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>clean result: its detail</comment>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>kl::gui::CompileDialog</name>
    <message>
        <source>Compile CUDA File</source>
        <translation>CUDA-Datei kompilieren</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>NAME=VALUE NAME2=VALUE2</source>
        <translation>NAME=WERT NAME2=WERT2</translation>
    </message>
    <message>
        <source>Compile even when the cache has it</source>
        <translation>Auch kompilieren, wenn der Cache es schon hat</translation>
    </message>
    <message>
        <source>&amp;Compile</source>
        <translation>&amp;Kompilieren</translation>
    </message>
    <message>
        <source>Compiling is unavailable: %1</source>
        <translation>Kompilieren nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <source>Arch:</source>
        <translation>Arch:</translation>
    </message>
    <message>
        <source>Optimisation:</source>
        <translation>Optimierung:</translation>
    </message>
    <message>
        <source>Defines:</source>
        <translation>Defines:</translation>
    </message>
    <message>
        <source>Open CUDA File</source>
        <translation>CUDA-Datei öffnen</translation>
    </message>
    <message>
        <source>CUDA C++ (*.cu *.cuh);;All (*)</source>
        <translation>CUDA C++ (*.cu *.cuh);;Alle (*)</translation>
    </message>
    <message>
        <source>Compiling %1 for %2…</source>
        <translation>%1 wird für %2 kompiliert…</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cache hit: loaded without compiling</source>
        <translation>Cache-Treffer: ohne Kompilieren geladen</translation>
    </message>
    <message>
        <source>Compiled (cache miss)</source>
        <translation>Kompiliert (Cache-Fehlzugriff)</translation>
    </message>
    <message>
        <source>; the cached entry was unusable (%1) and was recompiled</source>
        <translation>; der Cache-Eintrag war unbrauchbar (%1) und wurde neu kompiliert</translation>
    </message>
    <message>
        <source>time    %1 ms (%2)
</source>
        <translation>Zeit      %1 ms (%2)
</translation>
    </message>
    <message>
        <source>key     %1
entry   %2
</source>
        <translation>Schlüssel %1
Eintrag   %2
</translation>
    </message>
    <message>
        <source>kernel  %1: %2 registers, %3 B static shared, %4 B local
</source>
        <translation>Kernel    %1: %2 Register, %3 B statischer Shared Memory, %4 B lokal
</translation>
    </message>
    <message>
        <source>not cached: %1
</source>
        <translation>nicht gecacht: %1
</translation>
    </message>
    <message>
        <source>Browse the Cac&amp;he</source>
        <translation>Im &amp;Cache ansehen</translation>
    </message>
</context>
<context>
    <name>kl::gui::CompileHistogramModel</name>
    <message>
        <source>≥ %1</source>
        <translation>≥ %1</translation>
    </message>
    <message>
        <source>&lt; %1</source>
        <translation>&lt; %1</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>Compile time</source>
        <translation>Kompilierzeit</translation>
    </message>
    <message>
        <source>From (µs)</source>
        <translation>Von (µs)</translation>
    </message>
    <message>
        <source>To (µs)</source>
        <translation>Bis (µs)</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>Kompilierungen</translation>
    </message>
</context>
<context>
    <name>kl::gui::DashboardPage</name>
    <message>
        <source>Drag across the hit-rate chart to select a time range.</source>
        <translation>Ziehen Sie über das Trefferquoten-Diagramm, um einen Zeitraum auszuwählen.</translation>
    </message>
    <message>
        <source>Clear Range</source>
        <translation>Bereich aufheben</translation>
    </message>
    <message>
        <source>Cache hit rate over time</source>
        <translation>Cache-Trefferquote im Zeitverlauf</translation>
    </message>
    <message>
        <source>Cache size over time (bytes compiled)</source>
        <translation>Cache-Größe im Zeitverlauf (kompilierte Bytes)</translation>
    </message>
    <message>
        <source>Compile time per stage (slowest kernels)</source>
        <translation>Kompilierzeit pro Stufe (langsamste Kernel)</translation>
    </message>
    <message>
        <source>Compile time distribution</source>
        <translation>Verteilung der Kompilierzeit</translation>
    </message>
    <message>
        <source>Slowest kernels</source>
        <translation>Langsamste Kernel</translation>
    </message>
    <message>
        <source>Events by origin</source>
        <translation>Ereignisse nach Herkunft</translation>
    </message>
    <message>
        <source>Bytes compiled by kernel</source>
        <translation>Kompilierte Bytes pro Kernel</translation>
    </message>
    <message>
        <source>Bytes compiled by arch</source>
        <translation>Kompilierte Bytes pro Arch</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Image (PNG)…</source>
        <translation>Bild (PNG)…</translation>
    </message>
    <message>
        <source>Vector Image (SVG)…</source>
        <translation>Vektorgrafik (SVG)…</translation>
    </message>
    <message>
        <source>Data (CSV)…</source>
        <translation>Daten (CSV)…</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 Ereignisse</translation>
    </message>
    <message>
        <source>%1 corrupt lines skipped</source>
        <translation>%1 beschädigte Zeilen übersprungen</translation>
    </message>
    <message>
        <source>%1 partial lines skipped</source>
        <translation>%1 unvollständige Zeilen übersprungen</translation>
    </message>
    <message>
        <source>no events log at %1 yet</source>
        <translation>noch kein Ereignisprotokoll unter %1</translation>
    </message>
    <message>
        <source>Selected: %1 – %2</source>
        <translation>Ausgewählt: %1 – %2</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG-Bilder (*.svg)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <source>The export failed: %1</source>
        <translation>Der Export ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cache size over time (on disk, and compiled)</source>
        <translation>Cache-Größe im Zeitverlauf (auf der Platte und kompiliert)</translation>
    </message>
    <message>
        <source>Cache on disk by kernel</source>
        <translation>Cache auf der Platte nach Kernel</translation>
    </message>
    <message>
        <source>Cache on disk by arch</source>
        <translation>Cache auf der Platte nach Architektur</translation>
    </message>
</context>
<context>
    <name>kl::gui::DetailLoader</name>
    <message>
        <source>reading %1 failed: %2</source>
        <translation>Lesen von %1 fehlgeschlagen: %2</translation>
    </message>
</context>
<context>
    <name>kl::gui::DiffView</name>
    <message>
        <source>Ignore SSA numbers</source>
        <translation>SSA-Nummern ignorieren</translation>
    </message>
    <message>
        <source>Ignore locations</source>
        <translation>Ortsangaben ignorieren</translation>
    </message>
    <message>
        <source>Leave out loc(...), #loc lines, !dbg and .loc/.file lines</source>
        <translation>loc(...), #loc-Zeilen, !dbg sowie .loc-/.file-Zeilen weglassen</translation>
    </message>
    <message>
        <source>Ignore whitespace</source>
        <translation>Leerraum ignorieren</translation>
    </message>
    <message>
        <source>&amp;Previous Change</source>
        <translation>&amp;Vorherige Änderung</translation>
    </message>
    <message>
        <source>&amp;Next Change</source>
        <translation>&amp;Nächste Änderung</translation>
    </message>
    <message>
        <source>Why did it miss: shown when two entries are compared.</source>
        <translation>Warum kein Treffer: wird angezeigt, wenn zwei Einträge verglichen werden.</translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation>Stufe:</translation>
    </message>
    <message>
        <source>The entries share no text stage</source>
        <translation>Die Einträge haben keine gemeinsame Textstufe</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Wird verglichen…</translation>
    </message>
    <message>
        <source> (the first %1 highlighted)</source>
        <translation> (die ersten %1 hervorgehoben)</translation>
    </message>
    <message>
        <source>%12 and %15, %r3 and %r7, ^bb1 and ^bb2 compare equal; in SASS, R12 and R17, P0 and P3, .L_x_1 and .L_x_2</source>
        <translation>%12 und %15, %r3 und %r7, ^bb1 und ^bb2 gelten als gleich; in SASS R12 und R17, P0 und P3, .L_x_1 und .L_x_2</translation>
    </message>
    <message>
        <source>Comparing every stage…</source>
        <translation>Alle Stufen werden verglichen…</translation>
    </message>
    <message>
        <source>differs: %1 lines removed, %2 added</source>
        <translation>unterscheidet sich: %1 Zeilen entfernt, %2 hinzugefügt</translation>
    </message>
    <message>
        <source>the same</source>
        <translation>gleich</translation>
    </message>
    <message>
        <source>the cubins differ</source>
        <translation>die Cubins unterscheiden sich</translation>
    </message>
    <message>
        <source>the cubins hold the same code</source>
        <translation>die Cubins enthalten denselben Code</translation>
    </message>
</context>
<context>
    <name>kl::gui::DiskTimelineModel</name>
    <message>
        <source>Written</source>
        <translation>Geschrieben</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>Bytes on disk</source>
        <translation>Bytes auf der Platte</translation>
    </message>
</context>
<context>
    <name>kl::gui::DoctorDialog</name>
    <message>
        <source>Doctor</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>What is wrong</source>
        <translation>Was nicht stimmt</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>Behebung</translation>
    </message>
    <message>
        <source>Examining %1 entries…</source>
        <translation>%1 Einträge werden untersucht…</translation>
    </message>
    <message>
        <source>%1 entries, %2 findings: %3 errors, %4 warnings, %5 info; %6 binaries checked%7</source>
        <translation>%1 Einträge, %2 Befunde: %3 Fehler, %4 Warnungen, %5 Hinweise; %6 Binärdateien geprüft%7</translation>
    </message>
    <message>
        <source> — cancelled, showing what was examined</source>
        <translation> — abgebrochen, angezeigt wird das bereits Untersuchte</translation>
    </message>
</context>
<context>
    <name>kl::gui::EntryDoctorView</name>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>What is wrong</source>
        <translation>Was nicht stimmt</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>Behebung</translation>
    </message>
    <message>
        <source>The doctor finds nothing wrong with this entry.</source>
        <translation>Die Diagnose findet an diesem Eintrag nichts auszusetzen.</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s) for this entry.</source>
        <translation>
            <numerusform>%n Befund für diesen Eintrag.</numerusform>
            <numerusform>%n Befunde für diesen Eintrag.</numerusform>
        </translation>
    </message>
    <message>
        <source>Examining…</source>
        <translation>Wird untersucht…</translation>
    </message>
</context>
<context>
    <name>kl::gui::EntryTableModel</name>
    <message>
        <source>%1 (1 problem)</source>
        <translation>%1 (1 Problem)</translation>
    </message>
    <message>
        <source>%1 (%2 problems)</source>
        <translation>%1 (%2 Probleme)</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Arch</source>
        <translation>Arch</translation>
    </message>
    <message>
        <source>Stages</source>
        <translation>Stufen</translation>
    </message>
    <message>
        <source>num_warps</source>
        <translation>num_warps</translation>
    </message>
    <message>
        <source>num_stages</source>
        <translation>num_stages</translation>
    </message>
    <message>
        <source>Shared</source>
        <translation>Shared</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>Geändert</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Kernel name, or (folder name) when none is recorded</source>
        <translation>Kernelname, oder (Ordnername), wenn keiner erfasst ist</translation>
    </message>
    <message>
        <source>Target architecture the kernel was compiled for</source>
        <translation>Zielarchitektur, für die der Kernel kompiliert wurde</translation>
    </message>
    <message>
        <source>Compilation stages present; ?ext marks files Triton does not write</source>
        <translation>Vorhandene Kompilierstufen; ?ext markiert Dateien, die Triton nicht schreibt</translation>
    </message>
    <message>
        <source>Warps per program (num_warps)</source>
        <translation>Warps pro Programm (num_warps)</translation>
    </message>
    <message>
        <source>Software pipelining depth (num_stages)</source>
        <translation>Tiefe des Software-Pipelinings (num_stages)</translation>
    </message>
    <message>
        <source>Shared memory the kernel uses</source>
        <translation>Vom Kernel genutzter Shared Memory</translation>
    </message>
    <message>
        <source>Total size of the entry&apos;s files</source>
        <translation>Gesamtgröße der Dateien des Eintrags</translation>
    </message>
    <message>
        <source>Newest file time in the entry</source>
        <translation>Zeit der neuesten Datei im Eintrag</translation>
    </message>
    <message>
        <source>Whether the entry is usable; hover a row for its problems</source>
        <translation>Ob der Eintrag nutzbar ist; für die Probleme mit der Maus über die Zeile fahren</translation>
    </message>
    <message>
        <source>What the folder is: %1</source>
        <translation>Was der Ordner ist: %1</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>Register</translation>
    </message>
    <message>
        <source>Spills</source>
        <translation>Spills</translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation>Belegung</translation>
    </message>
    <message>
        <source>Triton</source>
        <translation>Triton</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>Registers per thread, from the cubin (the most over its kernels)</source>
        <translation>Register pro Thread, aus dem Cubin (das Maximum über seine Kernel)</translation>
    </message>
    <message>
        <source>Spills as Triton counts them (n_spills): the kernel&apos;s local memory in bytes / 4</source>
        <translation>Spills, wie Triton sie zählt (n_spills): der lokale Speicher des Kernels in Bytes / 4</translation>
    </message>
    <message>
        <source>Theoretical occupancy at the entry&apos;s num_warps and shared memory, as CUDA&apos;s occupancy calculator gives it</source>
        <translation>Theoretische Belegung bei num_warps und Shared Memory des Eintrags, wie CUDAs Belegungsrechner sie angibt</translation>
    </message>
    <message>
        <source>The Triton version that wrote the entry</source>
        <translation>Die Triton-Version, die den Eintrag schrieb</translation>
    </message>
    <message>
        <source>The cache folder the entry is in</source>
        <translation>Der Cache-Ordner, in dem der Eintrag liegt</translation>
    </message>
</context>
<context>
    <name>kl::gui::JobDialog</name>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
</context>
<context>
    <name>kl::gui::KernelGroupModel</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>(no kernel name)</source>
        <translation>(kein Kernelname)</translation>
    </message>
    <message numerus="yes">
        <source>%n archs</source>
        <translation>
            <numerusform>%n Arch</numerusform>
            <numerusform>%n Archs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n specialisation(s) for %2</source>
        <translation>
            <numerusform>%1: %n Spezialisierung für %2</numerusform>
            <numerusform>%1: %n Spezialisierungen für %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kl::gui::KernelTableModel</name>
    <message>
        <source>Launches over every device, stream and rank</source>
        <translation>Starts über alle Geräte, Streams und Ranks</translation>
    </message>
    <message>
        <source>GPU time summed over every launch</source>
        <translation>GPU-Zeit, über alle Starts summiert</translation>
    </message>
    <message>
        <source>Median launch duration</source>
        <translation>Median der Laufzeit eines Starts</translation>
    </message>
    <message>
        <source>95th percentile of the launch durations</source>
        <translation>95. Perzentil der Laufzeiten</translation>
    </message>
    <message>
        <source>Share of all GPU activity&apos;s time</source>
        <translation>Anteil an der Zeit aller GPU-Aktivitäten</translation>
    </message>
    <message>
        <source>Registers per thread, as the trace recorded them</source>
        <translation>Register pro Thread, wie der Trace sie aufzeichnete</translation>
    </message>
    <message>
        <source>Shared memory per block, as the trace recorded it</source>
        <translation>Shared Memory pro Block, wie der Trace ihn aufzeichnete</translation>
    </message>
    <message>
        <source>Whether an opened cache holds the binary that ran: matched, mismatch (an entry with that name holds another binary) or none</source>
        <translation>Ob ein geöffneter Cache die gelaufene Binärdatei enthält: passend, abweichend (ein Eintrag dieses Namens enthält eine andere Binärdatei) oder keiner</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>Register</translation>
    </message>
    <message>
        <source>Shared memory</source>
        <translation>Shared Memory</translation>
    </message>
    <message>
        <source>Cache entry</source>
        <translation>Cache-Eintrag</translation>
    </message>
</context>
<context>
    <name>kl::gui::LinesView</name>
    <message>
        <source>Locate…</source>
        <translation>Suchen…</translation>
    </message>
    <message>
        <source>Point at the file where it is now, when it moved</source>
        <translation>Die Datei an ihrem jetzigen Ort angeben, wenn sie verschoben wurde</translation>
    </message>
    <message>
        <source>Reading the stages…</source>
        <translation>Stufen werden gelesen…</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>SASS</source>
        <translation>SASS</translation>
    </message>
    <message>
        <source>PTX</source>
        <translation>PTX</translation>
    </message>
    <message>
        <source>TTGIR</source>
        <translation>TTGIR</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>SASS instructions this line produced, directly or through what it calls</source>
        <translation>SASS-Instruktionen, die diese Zeile erzeugt hat, direkt oder über das, was sie aufruft</translation>
    </message>
    <message>
        <source>Where is %1 now?</source>
        <translation>Wo ist %1 jetzt?</translation>
    </message>
    <message>
        <source>read from %1</source>
        <translation>gelesen aus %1</translation>
    </message>
    <message>
        <source>not found at the recorded path: only line numbers are shown</source>
        <translation>am verzeichneten Pfad nicht gefunden: nur Zeilennummern werden gezeigt</translation>
    </message>
    <message>
        <source>changed since the entry was written: lines may not match</source>
        <translation>seit dem Schreiben des Eintrags geändert: Zeilen passen eventuell nicht</translation>
    </message>
</context>
<context>
    <name>kl::gui::MainWindow</name>
    <message>
        <source>Filter by kernel or folder name (Ctrl+F)</source>
        <translation>Nach Kernel- oder Ordnername filtern (Strg+F)</translation>
    </message>
    <message>
        <source>Select an entry to see its details.</source>
        <translation>Wählen Sie einen Eintrag, um seine Details zu sehen.</translation>
    </message>
    <message>
        <source>Only entries that have this stage</source>
        <translation>Nur Einträge mit dieser Stufe</translation>
    </message>
    <message>
        <source>Only entries for this target</source>
        <translation>Nur Einträge für dieses Ziel</translation>
    </message>
    <message>
        <source>Only entries in this state</source>
        <translation>Nur Einträge in diesem Zustand</translation>
    </message>
    <message>
        <source>Only entries of this kind</source>
        <translation>Nur Einträge dieser Art</translation>
    </message>
    <message>
        <source>Show All Times</source>
        <translation>Alle Zeiten anzeigen</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>Metadaten</translation>
    </message>
    <message>
        <source>Doctor</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Dashboard</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop scanning and show what was read so far</source>
        <translation>Scan beenden und das bisher Gelesene anzeigen</translation>
    </message>
    <message>
        <source>Written %1 – %2</source>
        <translation>Geschrieben %1 – %2</translation>
    </message>
    <message>
        <source>Folders</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>KernelLens</source>
        <translation>KernelLens</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open Folder…</source>
        <translation>&amp;Ordner öffnen…</translation>
    </message>
    <message>
        <source>Open &amp;CUDA File…</source>
        <translation>&amp;CUDA-Datei öffnen…</translation>
    </message>
    <message>
        <source>&amp;Rescan</source>
        <translation>&amp;Neu scannen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Group by Kernel</source>
        <translation>Nach &amp;Kernel gruppieren</translation>
    </message>
    <message>
        <source>Show all specialisations of one kernel together</source>
        <translation>Alle Spezialisierungen eines Kernels zusammen anzeigen</translation>
    </message>
    <message>
        <source>&amp;Entries</source>
        <translation>&amp;Einträge</translation>
    </message>
    <message>
        <source>&amp;Dashboard</source>
        <translation>&amp;Dashboard</translation>
    </message>
    <message>
        <source>&amp;Folders Pane</source>
        <translation>&amp;Ordnerbereich</translation>
    </message>
    <message>
        <source>&amp;Entry</source>
        <translation>&amp;Eintrag</translation>
    </message>
    <message>
        <source>&amp;Compare Selected</source>
        <translation>Auswahl &amp;vergleichen</translation>
    </message>
    <message>
        <source>Select two entries (Ctrl+click) to compare their stages</source>
        <translation>Zwei Einträge auswählen (Strg+Klick), um ihre Stufen zu vergleichen</translation>
    </message>
    <message>
        <source>&amp;Export as .tar.gz…</source>
        <translation>Als .tar.gz e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Export Entries</source>
        <translation>Einträge exportieren</translation>
    </message>
    <message>
        <source>gzip&apos;d tar (*.tar.gz)</source>
        <translation>gzip-komprimiertes tar (*.tar.gz)</translation>
    </message>
    <message>
        <source>Pack the selected entries into one archive for a bug report</source>
        <translation>Die ausgewählten Einträge für einen Fehlerbericht in ein Archiv packen</translation>
    </message>
    <message>
        <source>Copy &amp;Path</source>
        <translation>&amp;Pfad kopieren</translation>
    </message>
    <message>
        <source>Copy &amp;Key</source>
        <translation>&amp;Schlüssel kopieren</translation>
    </message>
    <message>
        <source>The sha256 hash the entry&apos;s metadata records</source>
        <translation>Der sha256-Hash, den die Metadaten des Eintrags erfassen</translation>
    </message>
    <message>
        <source>&amp;Reveal in File Manager</source>
        <translation>Im Datei&amp;manager zeigen</translation>
    </message>
    <message>
        <source>Run &amp;Doctor</source>
        <translation>&amp;Diagnose ausführen</translation>
    </message>
    <message>
        <source>Examine every entry shown: broken, stale, orphaned, on a network filesystem</source>
        <translation>Jeden angezeigten Eintrag untersuchen: defekt, veraltet, verwaist, auf einem Netzwerkdateisystem</translation>
    </message>
    <message>
        <source>Rebuild the selected entries and compare with what is cached (the entries are not changed)</source>
        <translation>Die ausgewählten Einträge neu bauen und mit dem Gecachten vergleichen (die Einträge bleiben unverändert)</translation>
    </message>
    <message>
        <source>C&amp;lean Cache…</source>
        <translation>Cache &amp;bereinigen…</translation>
    </message>
    <message>
        <source>Choose policies, preview what would go, then remove it</source>
        <translation>Regeln wählen, in der Vorschau prüfen, was entfernt würde, dann entfernen</translation>
    </message>
    <message>
        <source>&amp;Kernels</source>
        <translation>&amp;Kernel</translation>
    </message>
    <message>
        <source>&amp;Autotune…</source>
        <translation>&amp;Autotuning…</translation>
    </message>
    <message>
        <source>Looking for a GPU…</source>
        <translation>Suche nach einer GPU…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About KernelLens</source>
        <translation>Ü&amp;ber KernelLens</translation>
    </message>
    <message>
        <source>About KernelLens</source>
        <translation>Über KernelLens</translation>
    </message>
    <message>
        <source>KernelLens %1
Inspector for GPU kernel compile caches (Triton, NVRTC).</source>
        <translation>KernelLens %1
Inspektor für GPU-Kernel-Compile-Caches (Triton, NVRTC).</translation>
    </message>
    <message>
        <source>Time every configuration of a demo kernel on %1</source>
        <translation>Jede Konfiguration eines Demo-Kernels auf %1 messen</translation>
    </message>
    <message>
        <source>Autotuning needs a GPU: %1</source>
        <translation>Autotuning braucht eine GPU: %1</translation>
    </message>
    <message>
        <source>&amp;Autotune… (no GPU)</source>
        <translation>&amp;Autotuning… (keine GPU)</translation>
    </message>
    <message>
        <source>Any stage</source>
        <translation>Jede Stufe</translation>
    </message>
    <message>
        <source>Any arch</source>
        <translation>Jede Arch</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <source>Any kind</source>
        <translation>Jede Art</translation>
    </message>
    <message>
        <source>Exported %1 files (%2) to %3%4</source>
        <translation>%1 Dateien (%2) nach %3 exportiert%4</translation>
    </message>
    <message>
        <source>; left out %1 (see the archive&apos;s listing)</source>
        <translation>; %1 ausgelassen (siehe Liste im Archiv)</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Export fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The selected entries record no key</source>
        <translation>Die ausgewählten Einträge erfassen keinen Schlüssel</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n line(s)</source>
        <translation>
            <numerusform>%n Zeile kopiert</numerusform>
            <numerusform>%n Zeilen kopiert</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ↔ %2</source>
        <translation>%1 ↔ %2</translation>
    </message>
    <message>
        <source>Open Cache Folder</source>
        <translation>Cache-Ordner öffnen</translation>
    </message>
    <message>
        <source>No Triton cache found in this environment (looked in %1).

Use File &gt; Open Folder… to open one, or start KernelLens with --demo.</source>
        <translation>In dieser Umgebung wurde kein Triton-Cache gefunden (gesucht in %1).

Öffnen Sie einen mit Datei &gt; Ordner öffnen… oder starten Sie KernelLens mit --demo.</translation>
    </message>
    <message>
        <source>Cannot open the demo cache: %1</source>
        <translation>Der Demo-Cache kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>Demo cache (%1)</source>
        <translation>Demo-Cache (%1)</translation>
    </message>
    <message>
        <source>%1 — KernelLens</source>
        <translation>%1 — KernelLens</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>Wird gescannt…</translation>
    </message>
    <message>
        <source>Scanning: %1 of %2 entries</source>
        <translation>Scan: %1 von %2 Einträgen</translation>
    </message>
    <message>
        <source>about %1 s left</source>
        <translation>noch etwa %1 s</translation>
    </message>
    <message>
        <source>No cache entries in %1.</source>
        <translation>Keine Cache-Einträge in %1.</translation>
    </message>
    <message>
        <source>1 entry</source>
        <translation>1 Eintrag</translation>
    </message>
    <message>
        <source>%1 entries</source>
        <translation>%1 Einträge</translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 Problem</translation>
    </message>
    <message>
        <source>%1 problems</source>
        <translation>%1 Probleme</translation>
    </message>
    <message>
        <source>%1 shown</source>
        <translation>%1 angezeigt</translation>
    </message>
    <message>
        <source>%1 vanished while scanning</source>
        <translation>%1 während des Scans verschwunden</translation>
    </message>
    <message>
        <source>scan cancelled, showing what was read</source>
        <translation>Scan abgebrochen, angezeigt wird das bisher Gelesene</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>Recomp&amp;ile</source>
        <translation>Neu &amp;kompilieren</translation>
    </message>
    <message>
        <source>This entry is on a Redis server: its stages are not read from there. Pull it to read them.</source>
        <translation>Dieser Eintrag liegt auf einem Redis-Server: seine Stufen werden von dort nicht gelesen. Rufen Sie ihn ab, um sie zu lesen.</translation>
    </message>
    <message>
        <source>Cannot open the remote cache: %1</source>
        <translation>Der Remote-Cache kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>Open Re&amp;mote Cache…</source>
        <translation>Re&amp;mote-Cache öffnen…</translation>
    </message>
    <message>
        <source>List Triton&apos;s Redis remote cache</source>
        <translation>Den Redis-Remote-Cache von Triton auflisten</translation>
    </message>
    <message>
        <source>Remote cache %1</source>
        <translation>Remote-Cache %1</translation>
    </message>
    <message>
        <source>P&amp;ull into Triton&apos;s Cache</source>
        <translation>In den Cache von Triton a&amp;brufen</translation>
    </message>
    <message>
        <source>Fetch the selected remote entries into the cache folder Triton uses here</source>
        <translation>Die ausgewählten Remote-Einträge in den Cache-Ordner abrufen, den Triton hier verwendet</translation>
    </message>
    <message>
        <source>Pull into &amp;Folder…</source>
        <translation>In &amp;Ordner abrufen…</translation>
    </message>
    <message>
        <source>Pull into Cache Folder</source>
        <translation>In Cache-Ordner abrufen</translation>
    </message>
    <message>
        <source>Pull failed: %1</source>
        <translation>Abrufen fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Pulled into %1: %2 done, %3 skipped (already there), %4 refused</source>
        <translation>In %1 abgerufen: %2 erledigt, %3 übersprungen (schon vorhanden), %4 abgelehnt</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>This entry is on a Redis server: each stage is fetched from there when its tab is opened.</source>
        <translation>Dieser Eintrag liegt auf einem Redis-Server: Jede Stufe wird von dort geholt, wenn ihr Reiter geöffnet wird.</translation>
    </message>
    <message>
        <source>Pus&amp;h to Remote Cache…</source>
        <translation>In Remote-Cache &amp;hochladen…</translation>
    </message>
    <message>
        <source>Push to Remote Cache</source>
        <translation>In Remote-Cache hochladen</translation>
    </message>
    <message>
        <source>Store the selected entries on a Redis server in the form Triton reads (complete, hash-verified entries only)</source>
        <translation>Die gewählten Einträge so auf einem Redis-Server ablegen, wie Triton sie liest (nur vollständige, per Hash geprüfte Einträge)</translation>
    </message>
    <message>
        <source>Push failed: %1</source>
        <translation>Hochladen fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Pushed to %1: %2 done, %3 skipped (already there), %4 refused</source>
        <translation>Nach %1 hochgeladen: %2 erledigt, %3 übersprungen (schon vorhanden), %4 abgelehnt</translation>
    </message>
    <message>
        <source>&amp;Trace</source>
        <translation>&amp;Trace</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>Trace</translation>
    </message>
    <message>
        <source>Cannot open the trace: %1</source>
        <translation>Der Trace kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>Reading the trace was cancelled</source>
        <translation>Das Lesen des Traces wurde abgebrochen</translation>
    </message>
    <message>
        <source>The kernel&apos;s entries are hidden by the Entries page&apos;s filters</source>
        <translation>Die Einträge des Kernels sind durch die Filter der Seite „Einträge“ ausgeblendet</translation>
    </message>
    <message>
        <source>Open &amp;Trace…</source>
        <translation>&amp;Trace öffnen…</translation>
    </message>
    <message>
        <source>Read PyTorch profiler traces and match their kernels with the cache entries</source>
        <translation>PyTorch-Profiler-Traces lesen und ihre Kernel den Cache-Einträgen zuordnen</translation>
    </message>
    <message>
        <source>Open Profiler Traces (several: one per rank)</source>
        <translation>Profiler-Traces öffnen (mehrere: einer pro Rank)</translation>
    </message>
    <message>
        <source>Chrome traces (*.json *.json.gz);;All files (*)</source>
        <translation>Chrome-Traces (*.json *.json.gz);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>The password of %1 is in the system keyring</source>
        <translation>Das Passwort von %1 liegt im Schlüsselbund des Systems</translation>
    </message>
    <message>
        <source>The password of %1 was not saved in the system keyring: %2</source>
        <translation>Das Passwort von %1 wurde nicht im Schlüsselbund des Systems gespeichert: %2</translation>
    </message>
    <message>
        <source>Make &amp;Override…</source>
        <translation>&amp;Override anlegen…</translation>
    </message>
    <message>
        <source>Write the override folder Triton reads for the selected entry or dump: one stage, to edit</source>
        <translation>Den Override-Ordner schreiben, den Triton für den gewählten Eintrag oder Dump liest: eine Stufe, zum Bearbeiten</translation>
    </message>
    <message>
        <source>Edit Override &amp;File…</source>
        <translation>Override-Datei bearbei&amp;ten…</translation>
    </message>
    <message>
        <source>Open a stage file of an override folder in the override editor, and try it against the selected entry without your script</source>
        <translation>Eine Stufendatei eines Override-Ordners im Override-Editor öffnen und ohne Ihr Skript gegen den gewählten Eintrag ausprobieren</translation>
    </message>
    <message>
        <source>Edit Override File</source>
        <translation>Override-Datei bearbeiten</translation>
    </message>
    <message>
        <source>Stages (*.ttir *.ttgir *.llir *.ptx);;All files (*)</source>
        <translation>Stufen (*.ttir *.ttgir *.llir *.ptx);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>kl::gui::MetadataTree</name>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Versions</source>
        <translation>Versionen</translation>
    </message>
    <message>
        <source>metadata format</source>
        <translation>Metadatenformat</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Optionen</translation>
    </message>
    <message>
        <source>Environment variables</source>
        <translation>Umgebungsvariablen</translation>
    </message>
    <message>
        <source>(none recorded)</source>
        <translation>(keine erfasst)</translation>
    </message>
    <message>
        <source>Added while lowering</source>
        <translation>Beim Lowering hinzugefügt</translation>
    </message>
    <message>
        <source>Group file</source>
        <translation>Gruppendatei</translation>
    </message>
    <message>
        <source>Autotune</source>
        <translation>Autotuning</translation>
    </message>
    <message>
        <source>configurations</source>
        <translation>Konfigurationen</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>read</source>
        <translation>Lesen</translation>
    </message>
</context>
<context>
    <name>kl::gui::OriginModel</name>
    <message>
        <source>Origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Hits</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>Misses</source>
        <translation>Fehlzugriffe</translation>
    </message>
    <message>
        <source>Hit rate (%)</source>
        <translation>Trefferquote (%)</translation>
    </message>
    <message>
        <source>Compiled bytes</source>
        <translation>Kompilierte Bytes</translation>
    </message>
</context>
<context>
    <name>kl::gui::OverrideDialog</name>
    <message>
        <source>Make Override</source>
        <translation>Override anlegen</translation>
    </message>
    <message>
        <source>Triton reads an override folder named as the dump of the kernel&apos;s source, holding the stages to replace. KernelLens writes the stage you pick there (never over an existing file unless you say so); edit it, then run your script with the environment below.</source>
        <translation>Triton liest einen Override-Ordner, der wie der Dump der Quelle des Kernels heißt und die zu ersetzenden Stufen enthält. KernelLens schreibt die gewählte Stufe dorthin (nie über eine vorhandene Datei, außer Sie sagen es); bearbeiten Sie sie und starten Sie Ihr Skript dann mit der Umgebung unten.</translation>
    </message>
    <message>
        <source>Replace a stage file already there</source>
        <translation>Eine vorhandene Stufendatei ersetzen</translation>
    </message>
    <message>
        <source>Entry:</source>
        <translation>Eintrag:</translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation>Stufe:</translation>
    </message>
    <message>
        <source>Override folder:</source>
        <translation>Override-Ordner:</translation>
    </message>
    <message>
        <source>&amp;Make</source>
        <translation>&amp;Anlegen</translation>
    </message>
    <message>
        <source>This entry holds no stage Triton reads from an override folder (ttir, ttgir, llir, ptx, cubin; amdgcn, hsaco on AMD).</source>
        <translation>Dieser Eintrag enthält keine Stufe, die Triton aus einem Override-Ordner liest (ttir, ttgir, llir, ptx, cubin; amdgcn, hsaco auf AMD).</translation>
    </message>
    <message>
        <source>Making the override folder…</source>
        <translation>Override-Ordner wird angelegt…</translation>
    </message>
    <message>
        <source>Replaced %1</source>
        <translation>%1 ersetzt</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
    <message>
        <source>(from %1, named as the dump %2)</source>
        <translation>(aus %1, benannt wie der Dump %2)</translation>
    </message>
    <message>
        <source>Edit it, then run your script with:</source>
        <translation>Bearbeiten Sie sie, dann starten Sie Ihr Skript mit:</translation>
    </message>
    <message>
        <source>or, Triton 3.4+, for one config only:</source>
        <translation>oder, ab Triton 3.4, nur für eine Konfiguration:</translation>
    </message>
    <message>
        <source>&amp;Edit and Try</source>
        <translation>&amp;Bearbeiten und ausprobieren</translation>
    </message>
    <message>
        <source>Edit the stage here, and try the edit without your script</source>
        <translation>Die Stufe hier bearbeiten und die Änderung ohne Ihr Skript ausprobieren</translation>
    </message>
    <message>
        <source>Open E&amp;xternally</source>
        <translation>E&amp;xtern öffnen</translation>
    </message>
</context>
<context>
    <name>kl::gui::OverrideEditor</name>
    <message>
        <source>%1% (%2 blocks/SM, %3)</source>
        <translation>%1 % (%2 Blöcke/SM, %3)</translation>
    </message>
    <message>
        <source>The cache entry the edit is compared with: its target and options are the ones the edit is compiled for</source>
        <translation>Der Cache-Eintrag, mit dem die Änderung verglichen wird: für sein Ziel und seine Optionen wird sie kompiliert</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Meldungen</translation>
    </message>
    <message>
        <source>PTX Diff</source>
        <translation>PTX-Diff</translation>
    </message>
    <message>
        <source>SASS Diff</source>
        <translation>SASS-Diff</translation>
    </message>
    <message>
        <source>Edit the stage, then Try: KernelLens compiles it without your script and compares it with the entry.</source>
        <translation>Bearbeiten Sie die Stufe, dann „Ausprobieren“: KernelLens kompiliert sie ohne Ihr Skript und vergleicht sie mit dem Eintrag.</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>&amp;Try</source>
        <translation>&amp;Ausprobieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>Vergleichen mit:</translation>
    </message>
    <message>
        <source>Override Editor: %1%2</source>
        <translation>Override-Editor: %1%2</translation>
    </message>
    <message>
        <source>%1: larger than 64 MiB, not opened for editing</source>
        <translation>%1: größer als 64 MiB, nicht zum Bearbeiten geöffnet</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: not a text file; Try compiles .ttir, .ttgir, .llir and .ptx stages</source>
        <translation>%1: keine Textdatei; „Ausprobieren“ kompiliert .ttir-, .ttgir-, .llir- und .ptx-Stufen</translation>
    </message>
    <message>
        <source>Try compiles .ttir, .ttgir, .llir and .ptx stages; this one can be edited and saved.</source>
        <translation>„Ausprobieren“ kompiliert .ttir-, .ttgir-, .llir- und .ptx-Stufen; diese hier kann bearbeitet und gespeichert werden.</translation>
    </message>
    <message>
        <source>finding the entries this folder belongs to…</source>
        <translation>suche die Einträge, zu denen dieser Ordner gehört…</translation>
    </message>
    <message>
        <source>no cache entry shares this folder&apos;s stages</source>
        <translation>kein Cache-Eintrag teilt die Stufen dieses Ordners</translation>
    </message>
    <message>
        <source>No cache entry shares this folder&apos;s stages: compile the kernel once (its cache entry is what an edit is compared with).</source>
        <translation>Kein Cache-Eintrag teilt die Stufen dieses Ordners: kompilieren Sie den Kernel einmal (mit seinem Cache-Eintrag wird eine Änderung verglichen).</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Compiling %1 for %2…</source>
        <translation>Kompiliere %1 für %2…</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>Built by %1 in %2 s, compared with %3: %4.</source>
        <translation>Gebaut von %1 in %2 s, verglichen mit %3: %4.</translation>
    </message>
    <message>
        <source>the same instructions as the entry</source>
        <translation>dieselben Instruktionen wie der Eintrag</translation>
    </message>
    <message>
        <source>the instructions changed</source>
        <translation>die Instruktionen haben sich geändert</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>Register</translation>
    </message>
    <message>
        <source>Local bytes (spills)</source>
        <translation>Lokale Bytes (Spills)</translation>
    </message>
    <message>
        <source>Static shared bytes</source>
        <translation>Statischer Shared Memory (Bytes)</translation>
    </message>
    <message>
        <source>Dynamic shared bytes</source>
        <translation>Dynamischer Shared Memory (Bytes)</translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation>Auslastung</translation>
    </message>
    <message>
        <source>Code bytes</source>
        <translation>Code-Bytes</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Instruktionen</translation>
    </message>
    <message>
        <source>the entry&apos;s</source>
        <translation>die des Eintrags</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>The PTX is the entry&apos;s.</source>
        <translation>Das PTX ist das des Eintrags.</translation>
    </message>
    <message>
        <source>No SASS diff: %1</source>
        <translation>Kein SASS-Diff: %1</translation>
    </message>
    <message>
        <source>The SASS is the entry&apos;s.</source>
        <translation>Das SASS ist das des Eintrags.</translation>
    </message>
    <message>
        <source>Save, compile the edit (PTX: the CUDA toolkit&apos;s ptxas or the entry&apos;s Triton; IR: the Triton in your Python) and compare it with the entry (Ctrl+Return)</source>
        <translation>Speichern, die Änderung kompilieren (PTX: das ptxas des CUDA-Toolkits oder das Triton des Eintrags; IR: das Triton in Ihrem Python) und mit dem Eintrag vergleichen (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>Unsaved Edits</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>%1 has edits that are not saved.</source>
        <translation>%1 hat Änderungen, die nicht gespeichert sind.</translation>
    </message>
    <message>
        <source>Disassembling the edit with nvdisasm…</source>
        <translation>Die Bearbeitung wird mit nvdisasm disassembliert…</translation>
    </message>
    <message>
        <source>&amp;Run on GPU…</source>
        <translation>Auf der &amp;GPU ausführen…</translation>
    </message>
    <message>
        <source>Run the entry&apos;s kernel and the tried edit on the GPU on the same inputs and compare their outputs; a run spec gives the grid and the arguments</source>
        <translation>Den Kernel des Eintrags und die erprobte Änderung mit denselben Eingaben auf der GPU ausführen und ihre Ausgaben vergleichen; eine Laufbeschreibung gibt Grid und Argumente an</translation>
    </message>
    <message>
        <source>Run Spec</source>
        <translation>Laufbeschreibung</translation>
    </message>
    <message>
        <source>Run specs (*.json);;All files (*)</source>
        <translation>Laufbeschreibungen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Running both kernels on the GPU as %1 says…</source>
        <translation>Beide Kernel laufen auf der GPU, wie %1 es angibt…</translation>
    </message>
    <message>
        <source>GPU run on %1 (problem size %2): %3</source>
        <translation>GPU-Lauf auf %1 (Problemgröße %2): %3</translation>
    </message>
    <message>
        <source>GPU run: %1</source>
        <translation>GPU-Lauf: %1</translation>
    </message>
</context>
<context>
    <name>kl::gui::RangeChartView</name>
    <message>
        <source>Drag across the chart to select a time range</source>
        <translation>Über das Diagramm ziehen, um einen Zeitraum auszuwählen</translation>
    </message>
</context>
<context>
    <name>kl::gui::RecompileDialog</name>
    <message>
        <source>Recompile</source>
        <translation>Neu kompilieren</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Built for</source>
        <translation>Gebaut für</translation>
    </message>
    <message>
        <source>Assembler</source>
        <translation>Assembler</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Artefacts</source>
        <translation>Artefakte</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source> — cancelled</source>
        <translation> — abgebrochen</translation>
    </message>
    <message>
        <source>rebuilding…</source>
        <translation>wird neu gebaut…</translation>
    </message>
    <message>
        <source>Rebuilding %1 (%2 of %3)…</source>
        <translation>%1 wird neu gebaut (%2 von %3)…</translation>
    </message>
    <message>
        <source>
event not logged: %1</source>
        <translation>
Ereignis nicht protokolliert: %1</translation>
    </message>
    <message>
        <source>not rebuilt</source>
        <translation>nicht neu gebaut</translation>
    </message>
    <message>
        <source>identical</source>
        <translation>identisch</translation>
    </message>
    <message>
        <source>%1 fresh, %2 stale, %3 not judged, %4 could not be rebuilt%5</source>
        <translation>%1 aktuell, %2 veraltet, %3 nicht beurteilt, %4 nicht neu gebaut%5</translation>
    </message>
</context>
<context>
    <name>kl::gui::RemoteDoctorDialog</name>
    <message>
        <source>Remote Doctor — %1</source>
        <translation>Remote-Diagnose — %1</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>No Triton can hit these entries: delete them with klens remote clean --broken (a dry run until --apply)</source>
        <translation>Kein Triton kann diese Einträge treffen: Löschen Sie sie mit klens remote clean --broken (ein Probelauf bis --apply)</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>Abhilfe: %1</translation>
    </message>
    <message>
        <source>… %1 more (klens remote doctor --json lists them all)</source>
        <translation>… %1 weitere (klens remote doctor --json listet alle)</translation>
    </message>
    <message>
        <source>%1: no problems in %2 entries.</source>
        <translation>%1: keine Probleme in %2 Einträgen.</translation>
    </message>
    <message>
        <source>%1: %2 errors and %3 warnings in %4 entries.</source>
        <translation>%1: %2 Fehler und %3 Warnungen in %4 Einträgen.</translation>
    </message>
</context>
<context>
    <name>kl::gui::RemoteOpenDialog</name>
    <message>
        <source>Open Remote Cache</source>
        <translation>Remote-Cache öffnen</translation>
    </message>
    <message>
        <source>redis://[user@]host[:port][/db], rediss://… (TLS) or unix:///path</source>
        <translation>redis://[user@]host[:port][/db], rediss://… (TLS) oder unix:///path</translation>
    </message>
    <message>
        <source>only if the server asks for one</source>
        <translation>nur, wenn der Server eines verlangt</translation>
    </message>
    <message>
        <source>Triton&apos;s TRITON_REDIS_KEY_FORMAT: {key} and {filename} once each</source>
        <translation>TRITON_REDIS_KEY_FORMAT von Triton: {key} und {filename} je einmal</translation>
    </message>
    <message>
        <source>Server URL:</source>
        <translation>Server-URL:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Passwort:</translation>
    </message>
    <message>
        <source>Key format:</source>
        <translation>Schlüsselformat:</translation>
    </message>
    <message>
        <source>Kept in memory for this session; saved only in the system keyring, and only when asked to</source>
        <translation>Für diese Sitzung im Speicher gehalten; gespeichert nur im Schlüsselbund des Systems und nur auf Wunsch</translation>
    </message>
    <message>
        <source>Remember password in the system keyring</source>
        <translation>Passwort im Schlüsselbund des Systems merken</translation>
    </message>
    <message>
        <source>Recent servers are remembered without their password (a password only ever goes to the system keyring).</source>
        <translation>Zuletzt verwendete Server werden ohne ihr Passwort gemerkt (ein Passwort kommt nur in den Schlüsselbund des Systems).</translation>
    </message>
    <message>
        <source>Asking the system keyring…</source>
        <translation>Frage den Schlüsselbund des Systems…</translation>
    </message>
    <message>
        <source>The password was read from the system keyring.</source>
        <translation>Das Passwort wurde aus dem Schlüsselbund des Systems gelesen.</translation>
    </message>
    <message>
        <source>The system keyring is not available (%1): the password is asked for each time.</source>
        <translation>Der Schlüsselbund des Systems ist nicht verfügbar (%1): das Passwort wird jedes Mal abgefragt.</translation>
    </message>
    <message>
        <source>This build has no QtKeychain: the password is asked for each time.</source>
        <translation>Dieser Build hat kein QtKeychain: das Passwort wird jedes Mal abgefragt.</translation>
    </message>
</context>
<context>
    <name>kl::gui::RemoteSession</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop and keep what was read or pulled so far</source>
        <translation>Anhalten und behalten, was bisher gelesen oder abgerufen wurde</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>Reading %1 of %2 entries</source>
        <translation>Lese %1 von %2 Einträgen</translation>
    </message>
    <message>
        <source>Listing: %1 keys</source>
        <translation>Auflisten: %1 Schlüssel</translation>
    </message>
    <message>
        <source>Pulling %1 entries…</source>
        <translation>Rufe %1 Einträge ab…</translation>
    </message>
    <message>
        <source>Pulling: %1 of %2 entries</source>
        <translation>Abrufen: %1 von %2 Einträgen</translation>
    </message>
    <message>
        <source>Pushing %1 entries…</source>
        <translation>Lade %1 Einträge hoch…</translation>
    </message>
    <message>
        <source>Pushing: %1 of %2 entries</source>
        <translation>Hochladen: %1 von %2 Einträgen</translation>
    </message>
    <message>
        <source>Reading the password of %1 from the system keyring…</source>
        <translation>Lese das Passwort von %1 aus dem Schlüsselbund des Systems…</translation>
    </message>
</context>
<context>
    <name>kl::gui::RootsPanel</name>
    <message>
        <source>unreadable</source>
        <translation>nicht lesbar</translation>
    </message>
    <message>
        <source>local · %1</source>
        <translation>lokal · %1</translation>
    </message>
    <message>
        <source>network · %1</source>
        <translation>Netzwerk · %1</translation>
    </message>
    <message>
        <source>memory · %1</source>
        <translation>Speicher · %1</translation>
    </message>
    <message>
        <source>overlay · %1</source>
        <translation>Overlay · %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>Filesystem</source>
        <translation>Dateisystem</translation>
    </message>
    <message>
        <source>Double-click a folder to open it</source>
        <translation>Doppelklick öffnet einen Ordner</translation>
    </message>
    <message>
        <source>This environment</source>
        <translation>Diese Umgebung</translation>
    </message>
    <message>
        <source>KernelLens&apos;s own cache</source>
        <translation>Eigener Cache von KernelLens</translation>
    </message>
    <message>
        <source>Opened</source>
        <translation>Geöffnet</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>Zuletzt verwendet</translation>
    </message>
    <message>
        <source>Example (demo): a cache on NFS</source>
        <translation>Beispiel (Demo): ein Cache auf NFS</translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>Grund: %1</translation>
    </message>
    <message>
        <source>Mounted from %1 on %2</source>
        <translation>Eingehängt von %1 auf %2</translation>
    </message>
    <message>
        <source>Does not exist yet</source>
        <translation>Existiert noch nicht</translation>
    </message>
    <message>
        <source>Not in use now (%1 is not set)</source>
        <translation>Derzeit nicht in Gebrauch (%1 ist nicht gesetzt)</translation>
    </message>
    <message>
        <source>Example: %1</source>
        <translation>Beispiel: %1</translation>
    </message>
    <message>
        <source>KernelLens&apos;s NVRTC cache</source>
        <translation>NVRTC-Cache von KernelLens</translation>
    </message>
    <message>
        <source>KERNELLENS_CACHE_DIR, else the XDG cache folder</source>
        <translation>KERNELLENS_CACHE_DIR, sonst der XDG-Cache-Ordner</translation>
    </message>
    <message>
        <source>Triton&apos;s cache folder</source>
        <translation>Triton-Cache-Ordner</translation>
    </message>
    <message>
        <source>the default (TRITON_CACHE_DIR is not set)</source>
        <translation>Standardpfad (TRITON_CACHE_DIR ist nicht gesetzt)</translation>
    </message>
    <message>
        <source>Remote caches (Redis)</source>
        <translation>Remote-Caches (Redis)</translation>
    </message>
    <message>
        <source>opened</source>
        <translation>geöffnet</translation>
    </message>
    <message>
        <source>recent</source>
        <translation>zuletzt</translation>
    </message>
    <message>
        <source>List Again</source>
        <translation>Erneut auflisten</translation>
    </message>
    <message>
        <source>Forget This Server</source>
        <translation>Diesen Server vergessen</translation>
    </message>
    <message>
        <source>Remove it from the recent servers, and its password from the system keyring</source>
        <translation>Aus den zuletzt verwendeten Servern entfernen und sein Passwort aus dem Schlüsselbund des Systems löschen</translation>
    </message>
    <message>
        <source>Double-click to list this server again; right-click to forget it</source>
        <translation>Doppelklicken, um diesen Server erneut aufzulisten; Rechtsklick, um ihn zu vergessen</translation>
    </message>
</context>
<context>
    <name>kl::gui::ScanController</name>
    <message>
        <source>scanning %1 failed: %2</source>
        <translation>Scannen von %1 fehlgeschlagen: %2</translation>
    </message>
</context>
<context>
    <name>kl::gui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Entries › Filter by kernel or folder name</source>
        <translation>Einträge › Nach Kernel- oder Ordnername filtern</translation>
    </message>
    <message>
        <source>Stage tab › Find in the code</source>
        <translation>Stufen-Tab › Im Code suchen</translation>
    </message>
    <message>
        <source>Stage tab › Go to line</source>
        <translation>Stufen-Tab › Gehe zu Zeile</translation>
    </message>
    <message>
        <source>Diff window › Next change</source>
        <translation>Diff-Fenster › Nächste Änderung</translation>
    </message>
    <message>
        <source>Diff window › Previous change</source>
        <translation>Diff-Fenster › Vorherige Änderung</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Stage tab › Find in the code (the code has the focus)</source>
        <translation>Stufen-Tab › Im Code suchen (der Code hat den Fokus)</translation>
    </message>
</context>
<context>
    <name>kl::gui::SizeShareModel</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Arch</source>
        <translation>Arch</translation>
    </message>
    <message>
        <source>Compiled bytes</source>
        <translation>Kompilierte Bytes</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>Kompilierungen</translation>
    </message>
</context>
<context>
    <name>kl::gui::SlowestKernelsModel</name>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>Kompilierungen</translation>
    </message>
    <message>
        <source>Slowest (µs)</source>
        <translation>Langsamste (µs)</translation>
    </message>
    <message>
        <source>Median (µs)</source>
        <translation>Median (µs)</translation>
    </message>
    <message>
        <source>Total (µs)</source>
        <translation>Gesamt (µs)</translation>
    </message>
    <message>
        <source>Arch</source>
        <translation>Arch</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
</context>
<context>
    <name>kl::gui::StageBreakdownModel</name>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Arch</source>
        <translation>Arch</translation>
    </message>
    <message>
        <source>Total (µs)</source>
        <translation>Gesamt (µs)</translation>
    </message>
    <message>
        <source>%1 (µs)</source>
        <translation>%1 (µs)</translation>
    </message>
</context>
<context>
    <name>kl::gui::StageTabs</name>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Go to Line</source>
        <translation>Gehe zu Zeile</translation>
    </message>
    <message>
        <source>Line:</source>
        <translation>Zeile:</translation>
    </message>
    <message>
        <source>sm_%1, %2 kernel(s), ELF ABI %3%4</source>
        <translation>sm_%1, %2 Kernel, ELF-ABI %3%4</translation>
    </message>
    <message>
        <source>, CUDA API %1</source>
        <translation>, CUDA-API %1</translation>
    </message>
    <message>
        <source>Not a readable cubin: %1</source>
        <translation>Kein lesbares cubin: %1</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>Register</translation>
    </message>
    <message>
        <source>Shared (static)</source>
        <translation>Shared (statisch)</translation>
    </message>
    <message>
        <source>Local / spills</source>
        <translation>Lokal / Spills</translation>
    </message>
    <message>
        <source>Max threads</source>
        <translation>Max. Threads</translation>
    </message>
    <message>
        <source>Required block</source>
        <translation>Erforderlicher Block</translation>
    </message>
    <message>
        <source>Params</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>%1 B (spills or stack)</source>
        <translation>%1 B (Spills oder Stack)</translation>
    </message>
    <message>
        <source>0 B</source>
        <translation>0 B</translation>
    </message>
    <message>
        <source>Find in %1 (Enter: next, Shift+Enter: previous)</source>
        <translation>In %1 suchen (Eingabe: weiter, Umschalt+Eingabe: zurück)</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>nicht gefunden</translation>
    </message>
    <message>
        <source>Shown without syntax colours: larger than %1 MiB</source>
        <translation>Ohne Syntaxfarben angezeigt: größer als %1 MiB</translation>
    </message>
    <message>
        <source>%1 is too large to show: %2, more than the %3 KernelLens fetches from a server. It was not fetched.</source>
        <translation>%1 ist zu groß zum Anzeigen: %2, mehr als die %3, die KernelLens von einem Server holt. Es wurde nicht geholt.</translation>
    </message>
    <message>
        <source>The entry has no cubin to disassemble.</source>
        <translation>Der Eintrag hat kein Cubin zum Disassemblieren.</translation>
    </message>
    <message>
        <source>The cubin&apos;s instructions and the source lines they came from (nvdisasm)</source>
        <translation>Die Instruktionen des Cubins und die Quellzeilen, aus denen sie stammen (nvdisasm)</translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation>Belegung</translation>
    </message>
    <message>
        <source>At %1 threads per block and %2 bytes of dynamic shared memory; theoretical, as the CUDA occupancy calculator gives it</source>
        <translation>Bei %1 Threads pro Block und %2 Byte dynamischem Shared Memory; theoretisch, wie der CUDA-Occupancy-Rechner sie angibt</translation>
    </message>
    <message>
        <source>%1%: %2 blocks, %3 warps per SM, limited by %4</source>
        <translation>%1 %: %2 Blöcke, %3 Warps pro SM, begrenzt durch %4</translation>
    </message>
    <message>
        <source>Each source line with the lines of every stage it produced, side by side</source>
        <translation>Jede Quellzeile mit den Zeilen jeder Stufe, die sie erzeugt hat, nebeneinander</translation>
    </message>
    <message>
        <source>The MLIR of this entry records no source file (compiled without line info?).</source>
        <translation>Das MLIR dieses Eintrags verzeichnet keine Quelldatei (ohne Zeileninformation übersetzt?).</translation>
    </message>
    <message>
        <source>%1 cannot be read here: %2. It was the kernel&apos;s source when the entry was compiled.</source>
        <translation>%1 kann hier nicht gelesen werden: %2. Es war die Quelle des Kernels, als der Eintrag übersetzt wurde.</translation>
    </message>
    <message>
        <source>%1: changed since the entry was written, its lines may not match the stages</source>
        <translation>%1: seit dem Schreiben des Eintrags geändert, seine Zeilen passen eventuell nicht zu den Stufen</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>The kernel&apos;s Python source, at the path its MLIR records</source>
        <translation>Die Python-Quelle des Kernels, am Pfad, den sein MLIR verzeichnet</translation>
    </message>
    <message>
        <source>source (MLIR)</source>
        <translation>source (MLIR)</translation>
    </message>
    <message>
        <source>Triton&apos;s first MLIR, written as .source (the Python is its own tab)</source>
        <translation>Tritons erstes MLIR, als .source geschrieben (das Python hat einen eigenen Reiter)</translation>
    </message>
</context>
<context>
    <name>kl::gui::TimelineModel</name>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Hits</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>Misses</source>
        <translation>Fehlzugriffe</translation>
    </message>
    <message>
        <source>Hit rate (%)</source>
        <translation>Trefferquote (%)</translation>
    </message>
    <message>
        <source>Compiled bytes</source>
        <translation>Kompilierte Bytes</translation>
    </message>
    <message>
        <source>Cache bytes</source>
        <translation>Cache-Bytes</translation>
    </message>
</context>
<context>
    <name>kl::gui::TimelineView</name>
    <message>
        <source>No trace opened</source>
        <translation>Kein Trace geöffnet</translation>
    </message>
    <message>
        <source>(unnamed activity)</source>
        <translation>(unbenannte Aktivität)</translation>
    </message>
    <message>
        <source>%1
%2, %3, at %4
%5</source>
        <translation>%1
%2, %3, bei %4
%5</translation>
    </message>
    <message>
        <source>%1
%2 at %3
%4</source>
        <translation>%1
%2 bei %3
%4</translation>
    </message>
</context>
<context>
    <name>kl::gui::TraceText</name>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>What is wrong</source>
        <translation>Was nicht stimmt</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>Abhilfe</translation>
    </message>
    <message>
        <source>%1 ends early at byte %2 (%3): showing the events before it</source>
        <translation>%1 endet vorzeitig bei Byte %2 (%3): gezeigt werden die Ereignisse davor</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n event(s) set aside (missing, negative or impossible times)</source>
        <translation>
            <numerusform>%1: %n Ereignis beiseitegelegt (fehlende, negative oder unmögliche Zeiten)</numerusform>
            <numerusform>%1: %n Ereignisse beiseitegelegt (fehlende, negative oder unmögliche Zeiten)</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lese %1…</translation>
    </message>
    <message>
        <source>Reading %1 (%2 of %3)…</source>
        <translation>Lese %1 (%2 von %3)…</translation>
    </message>
    <message>
        <source>Not shown: %1</source>
        <translation>Nicht angezeigt: %1</translation>
    </message>
    <message numerus="yes">
        <source>Analysing %n trace(s)…</source>
        <translation>
            <numerusform>Analysiere %n Trace…</numerusform>
            <numerusform>Analysiere %n Traces…</numerusform>
        </translation>
    </message>
    <message>
        <source>Laying out the timeline…</source>
        <translation>Zeitleiste wird angeordnet…</translation>
    </message>
    <message>
        <source>No profiler trace is open.

File &gt; Open Trace… reads PyTorch profiler (Kineto) traces, .json or .json.gz; choose several files to see one trace per rank. Their kernels are matched with the cache entries shown on the Entries page.</source>
        <translation>Kein Profiler-Trace geöffnet.

Datei &gt; Trace öffnen… liest PyTorch-Profiler-Traces (Kineto), .json oder .json.gz; mehrere Dateien ergeben einen Trace pro Rank. Ihre Kernel werden den Cache-Einträgen der Seite „Einträge“ zugeordnet.</translation>
    </message>
    <message>
        <source>Wheel or +/− zooms, drag pans, 0 shows all; click a kernel to select it</source>
        <translation>Rad oder +/− zoomt, Ziehen verschiebt, 0 zeigt alles; Klick wählt einen Kernel</translation>
    </message>
    <message>
        <source>Filter kernels by name</source>
        <translation>Kernel nach Namen filtern</translation>
    </message>
    <message>
        <source>All classes</source>
        <translation>Alle Klassen</translation>
    </message>
    <message>
        <source>Any cache entry</source>
        <translation>Alle Cache-Zustände</translation>
    </message>
    <message>
        <source>Mismatch</source>
        <translation>Abweichend</translation>
    </message>
    <message>
        <source>No entry</source>
        <translation>Kein Eintrag</translation>
    </message>
    <message>
        <source>Show Entries</source>
        <translation>Einträge zeigen</translation>
    </message>
    <message>
        <source>Show the selected kernel&apos;s cache entries on the Entries page</source>
        <translation>Die Cache-Einträge des gewählten Kernels auf der Seite „Einträge“ zeigen</translation>
    </message>
    <message>
        <source>Findings (%1)</source>
        <translation>Befunde (%1)</translation>
    </message>
    <message>
        <source>no cache open to match with</source>
        <translation>kein Cache zum Abgleich geöffnet</translation>
    </message>
    <message>
        <source>%1 of the GPU time ran from cache entries that fit</source>
        <translation>%1 der GPU-Zeit lief aus passenden Cache-Einträgen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop reading the trace and keep what was shown before</source>
        <translation>Das Lesen des Traces beenden und das bisher Gezeigte behalten</translation>
    </message>
    <message numerus="yes">
        <source>Opening %n trace(s)…</source>
        <translation>
            <numerusform>Öffne %n Trace…</numerusform>
            <numerusform>Öffne %n Traces…</numerusform>
        </translation>
    </message>
    <message>
        <source>Matching kernels with cache entries…</source>
        <translation>Kernel werden Cache-Einträgen zugeordnet…</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>Berechnung</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>Kommunikation</translation>
    </message>
    <message>
        <source>memcpy</source>
        <translation>memcpy</translation>
    </message>
    <message>
        <source>memset</source>
        <translation>memset</translation>
    </message>
    <message>
        <source>mismatch</source>
        <translation>abweichend</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>GPU %1 · stream %2</source>
        <translation>GPU %1 · Stream %2</translation>
    </message>
    <message>
        <source>rank %1 · %2</source>
        <translation>Rank %1 · %2</translation>
    </message>
    <message>
        <source>%1 (varies)</source>
        <translation>%1 (schwankt)</translation>
    </message>
    <message>
        <source>Not a kernel a compile cache holds</source>
        <translation>Kein Kernel, den ein Compile-Cache enthält</translation>
    </message>
    <message>
        <source>No opened cache entry is named after this kernel</source>
        <translation>Kein geöffneter Cache-Eintrag trägt den Namen dieses Kernels</translation>
    </message>
    <message>
        <source>No cache is open to match with</source>
        <translation>Kein Cache zum Abgleich geöffnet</translation>
    </message>
    <message numerus="yes">
        <source>None of the %n entry(ies) named after it holds the binary that ran:</source>
        <translation>
            <numerusform>%n Eintrag mit diesem Namen, und er enthält nicht die gelaufene Binärdatei:</numerusform>
            <numerusform>Keiner der %n Einträge mit diesem Namen enthält die gelaufene Binärdatei:</numerusform>
        </translation>
    </message>
    <message>
        <source>arch %1</source>
        <translation>Arch %1</translation>
    </message>
    <message>
        <source>%1 registers</source>
        <translation>%1 Register</translation>
    </message>
    <message>
        <source>shared %1</source>
        <translation>Shared %1</translation>
    </message>
    <message>
        <source>other arch</source>
        <translation>andere Arch</translation>
    </message>
    <message>
        <source>other warps</source>
        <translation>andere Warps</translation>
    </message>
    <message>
        <source>other registers or shared memory</source>
        <translation>andere Register oder anderer Shared Memory</translation>
    </message>
    <message>
        <source>GPU time in the opened traces:</source>
        <translation>GPU-Zeit in den geöffneten Traces:</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n call(s), %2 total (%3 of the GPU time), mean %4</source>
        <translation>
            <numerusform>%1: %n Aufruf, %2 gesamt (%3 der GPU-Zeit), Mittel %4</numerusform>
            <numerusform>%1: %n Aufrufe, %2 gesamt (%3 der GPU-Zeit), Mittel %4</numerusform>
        </translation>
    </message>
    <message>
        <source>This entry&apos;s binary fits what ran.</source>
        <translation>Die Binärdatei dieses Eintrags passt zu dem, was lief.</translation>
    </message>
    <message>
        <source>The binary that ran is not this one: the trace recorded %1 registers and %2 of shared memory, this entry&apos;s cubin %3 and %4.</source>
        <translation>Die gelaufene Binärdatei ist nicht diese: der Trace verzeichnet %1 Register und %2 Shared Memory, das Cubin dieses Eintrags %3 und %4.</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Compiled for another GPU than the one in the trace.</source>
        <translation>Für eine andere GPU übersetzt als die im Trace.</translation>
    </message>
    <message>
        <source>Compiled with another number of warps than what ran.</source>
        <translation>Mit einer anderen Zahl von Warps übersetzt als gelaufen.</translation>
    </message>
    <message>
        <source>Another entry of this kernel fits what ran better.</source>
        <translation>Ein anderer Eintrag dieses Kernels passt besser zu dem, was lief.</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Passend</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passend</translation>
    </message>
    <message>
        <source>%1 threads per block</source>
        <translation>%1 Threads pro Block</translation>
    </message>
    <message>
        <source>%1 of shared memory</source>
        <translation>%1 Shared Memory</translation>
    </message>
    <message>
        <source>no launch details recorded</source>
        <translation>keine Startdetails aufgezeichnet</translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) named after it; ✔ marks those that hold a binary that ran:</source>
        <translation>
            <numerusform>%n Eintrag mit diesem Namen; ✔ markiert ihn, wenn er eine gelaufene Binärdatei enthält:</numerusform>
            <numerusform>%n Einträge mit diesem Namen; ✔ markiert die, die eine gelaufene Binärdatei enthalten:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not every binary that ran is in the %n entry(ies) named after it; ✔ marks those that hold one:</source>
        <translation>
            <numerusform>Nicht jede gelaufene Binärdatei ist in dem %n Eintrag mit diesem Namen; ✔ markiert ihn, wenn er eine enthält:</numerusform>
            <numerusform>Nicht jede gelaufene Binärdatei ist in den %n Einträgen mit diesem Namen; ✔ markiert die, die eine enthalten:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ran %n time(s) as %1: held by %2</source>
        <translation>
            <numerusform>Lief %n-mal als %1: enthalten in %2</numerusform>
            <numerusform>Lief %n-mal als %1: enthalten in %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ran %n time(s) as %1: held by no entry</source>
        <translation>
            <numerusform>Lief %n-mal als %1: in keinem Eintrag</numerusform>
            <numerusform>Lief %n-mal als %1: in keinem Eintrag</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This entry&apos;s binary fits what ran %n time(s) as %1.</source>
        <translation>
            <numerusform>Die Binärdatei dieses Eintrags passt zu dem, was %n-mal als %1 lief.</numerusform>
            <numerusform>Die Binärdatei dieses Eintrags passt zu dem, was %n-mal als %1 lief.</numerusform>
        </translation>
    </message>
    <message>
        <source>Communication by the rule: %1</source>
        <translation>Kommunikation nach der Regel: %1</translation>
    </message>
    <message>
        <source>Also communication (regex)</source>
        <translation>Auch Kommunikation (Regex)</translation>
    </message>
    <message>
        <source>A regular expression naming kernels that communicate, beside the built-in rules (NCCL, RCCL, MSCCL, NVSHMEM, DeepEP, symmetric memory, userbuffers, ...). Kept between runs; Enter applies it.</source>
        <translation>Ein regulärer Ausdruck für Kernel, die kommunizieren, zusätzlich zu den eingebauten Regeln (NCCL, RCCL, MSCCL, NVSHMEM, DeepEP, Symmetric Memory, Userbuffers, ...). Bleibt zwischen Sitzungen erhalten; Enter wendet ihn an.</translation>
    </message>
    <message>
        <source>%1 — %2 GPU activities, %3 kernels, %4 of GPU time (durations summed over %5 lanes)</source>
        <translation>%1 — %2 GPU-Aktivitäten, %3 Kernel, %4 GPU-Zeit (Dauern über %5 Spuren summiert)</translation>
    </message>
    <message>
        <source>communication busy %1, %2 of it hidden under compute</source>
        <translation>Kommunikation belegt %1, davon %2 unter Berechnung verborgen</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) no rule names ran on streams that are mostly communication: %1. If they communicate, name them in &quot;Also communication&quot;.</source>
        <translation>
            <numerusform>%n Kernel ohne Regel lief auf Streams, die überwiegend kommunizieren: %1. Wenn er kommuniziert, ihn unter „Auch Kommunikation“ angeben.</numerusform>
            <numerusform>%n Kernel ohne Regel liefen auf Streams, die überwiegend kommunizieren: %1. Wenn sie kommunizieren, sie unter „Auch Kommunikation“ angeben.</numerusform>
        </translation>
    </message>
    <message>
        <source>The comm overlap lane under each GPU&apos;s streams shows where its communication ran while compute ran (hidden) and where it ran alone (exposed)</source>
        <translation>Die Spur „Komm.-Überlappung“ unter den Streams jeder GPU zeigt, wo ihre Kommunikation lief, während gerechnet wurde (verborgen), und wo sie allein lief (offen)</translation>
    </message>
    <message>
        <source>GPU %1 · comm overlap</source>
        <translation>GPU %1 · Komm.-Überlappung</translation>
    </message>
    <message>
        <source>communication under compute</source>
        <translation>Kommunikation unter Berechnung</translation>
    </message>
    <message>
        <source>communication exposed</source>
        <translation>Kommunikation offen</translation>
    </message>
</context>
<context>
    <name>kl::gui::keyring</name>
    <message>
        <source>this build of KernelLens has no QtKeychain</source>
        <translation>dieser Build von KernelLens hat kein QtKeychain</translation>
    </message>
</context>
<context>
    <name>kl::kernels</name>
    <message>
        <source>%1: no problem sizes</source>
        <translation>%1: keine Problemgrößen</translation>
    </message>
    <message>
        <source>no problem size `%1` in %2 (sizes: %3)</source>
        <translation>keine Problemgröße `%1` in %2 (Größen: %3)</translation>
    </message>
    <message>
        <source>size `%1`: expected VARIABLE=VALUE</source>
        <translation>Größe `%1`: VARIABLE=WERT erwartet</translation>
    </message>
    <message>
        <source>size `%1`: `%2` is not a whole number &gt;= 0</source>
        <translation>Größe `%1`: `%2` ist keine ganze Zahl &gt;= 0</translation>
    </message>
    <message>
        <source>size `%1`: `%2` is not a problem variable of %3 (%4)</source>
        <translation>Größe `%1`: `%2` ist keine Problemvariable von %3 (%4)</translation>
    </message>
    <message>
        <source>`reference`: unknown reference `%1`</source>
        <translation>`reference`: unbekannte Referenz `%1`</translation>
    </message>
    <message>
        <source>`problem.variables`: reference `%1` needs a problem variable `%2`</source>
        <translation>`problem.variables`: Referenz `%1` braucht eine Problemvariable `%2`</translation>
    </message>
    <message>
        <source>`arguments`: reference `%1` expects %2 non-scratch buffers (%3), the spec has %4</source>
        <translation>`arguments`: Referenz `%1` erwartet %2 Puffer, die nicht scratch sind (%3), die Spezifikation hat %4</translation>
    </message>
    <message>
        <source>`%1.type` is %2, reference `%3` expects %4 here (%5)</source>
        <translation>`%1.type` ist %2, Referenz `%3` erwartet hier %4 (%5)</translation>
    </message>
    <message>
        <source>`%1.role` is %2, reference `%3` expects %4 here (%5)</source>
        <translation>`%1.role` ist %2, Referenz `%3` erwartet hier %4 (%5)</translation>
    </message>
    <message>
        <source>%1: no CPU reference (&quot;reference&quot;: &quot;none&quot;), results cannot be checked</source>
        <translation>%1: keine CPU-Referenz (&quot;reference&quot;: &quot;none&quot;), Ergebnisse lassen sich nicht prüfen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>reference `%1`: %2 buffers for %3 arguments</source>
        <translation>Referenz `%1`: %2 Puffer für %3 Argumente</translation>
    </message>
    <message>
        <source>reference `%1`: problem variable `%2` is not a whole number &gt;= 0</source>
        <translation>Referenz `%1`: Problemvariable `%2` ist keine ganze Zahl &gt;= 0</translation>
    </message>
    <message>
        <source>reference `%1` needs %2 elements in `%3`, it has %4</source>
        <translation>Referenz `%1` braucht %2 Elemente in `%3`, es hat %4</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>`%1` is not a name (letters, digits and _, not starting with a digit)</source>
        <translation>`%1` ist kein Name (Buchstaben, Ziffern und _, nicht mit einer Ziffer beginnend)</translation>
    </message>
    <message>
        <source>`%1` is the name of an expression function</source>
        <translation>`%1` ist der Name einer Ausdrucksfunktion</translation>
    </message>
    <message>
        <source>`%1` is already a parameter</source>
        <translation>`%1` ist bereits ein Parameter</translation>
    </message>
    <message>
        <source>`%1` is already a problem variable</source>
        <translation>`%1` ist bereits eine Problemvariable</translation>
    </message>
    <message>
        <source>`%1` is already a derived name</source>
        <translation>`%1` ist bereits ein abgeleiteter Name</translation>
    </message>
    <message>
        <source>parameters: %1</source>
        <translation>Parameter: %1</translation>
    </message>
    <message>
        <source>parameters: %1; problem variables: %2</source>
        <translation>Parameter: %1; Problemvariablen: %2</translation>
    </message>
    <message>
        <source>parameters: %1; problem variables: %2; derived: %3</source>
        <translation>Parameter: %1; Problemvariablen: %2; abgeleitet: %3</translation>
    </message>
    <message>
        <source>bad expression `%1`: %2</source>
        <translation>ungültiger Ausdruck `%1`: %2</translation>
    </message>
    <message>
        <source>`%1` is not `%2`</source>
        <translation>`%1` ist nicht `%2`</translation>
    </message>
    <message>
        <source>`%1` is not a kernel name (letters, digits, _ . -)</source>
        <translation>`%1` ist kein Kernelname (Buchstaben, Ziffern, _ . -)</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is larger than 4 MiB</source>
        <translation>%1 ist größer als 4 MiB</translation>
    </message>
    <message>
        <source>`%1` is not a function name</source>
        <translation>`%1` ist kein Funktionsname</translation>
    </message>
    <message>
        <source>`%1` does not appear in %2</source>
        <translation>`%1` kommt in %2 nicht vor</translation>
    </message>
    <message>
        <source>%1 is listed twice</source>
        <translation>%1 ist doppelt aufgeführt</translation>
    </message>
    <message>
        <source>%1 is not one of the parameter&apos;s values</source>
        <translation>%1 ist keiner der Werte des Parameters</translation>
    </message>
    <message>
        <source>the values give more than %1 combinations</source>
        <translation>die Werte ergeben mehr als %1 Kombinationen</translation>
    </message>
    <message>
        <source>must be a string</source>
        <translation>muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>%1 is negative</source>
        <translation>%1 ist negativ</translation>
    </message>
    <message>
        <source>not a problem variable (%1)</source>
        <translation>keine Problemvariable (%1)</translation>
    </message>
    <message>
        <source>no size `%1` in `problem.sizes`</source>
        <translation>keine Größe `%1` in `problem.sizes`</translation>
    </message>
    <message>
        <source>must list 3 expressions (x, y, z), it has %1</source>
        <translation>muss 3 Ausdrücke auflisten (x, y, z), es hat %1</translation>
    </message>
    <message>
        <source>unknown fill `%1` (%2)</source>
        <translation>unbekannte Füllung `%1` (%2)</translation>
    </message>
    <message>
        <source>`low` is above `high`</source>
        <translation>`low` liegt über `high`</translation>
    </message>
    <message>
        <source>`low` and `high` must lie within +-%1 for %2</source>
        <translation>`low` und `high` müssen für %2 innerhalb von +-%1 liegen</translation>
    </message>
    <message>
        <source>no whole number between `low` and `high`</source>
        <translation>keine ganze Zahl zwischen `low` und `high`</translation>
    </message>
    <message>
        <source>`%1` is not a name</source>
        <translation>`%1` ist kein Name</translation>
    </message>
    <message>
        <source>`%1` is already an argument</source>
        <translation>`%1` ist bereits ein Argument</translation>
    </message>
    <message>
        <source>unknown kind `%1` (%2)</source>
        <translation>unbekannte Art `%1` (%2)</translation>
    </message>
    <message>
        <source>unknown type `%1` (%2)</source>
        <translation>unbekannter Typ `%1` (%2)</translation>
    </message>
    <message>
        <source>unknown role `%1` (%2)</source>
        <translation>unbekannte Rolle `%1` (%2)</translation>
    </message>
    <message>
        <source>scratch buffers are always zero-filled</source>
        <translation>Scratch-Puffer werden immer mit Nullen gefüllt</translation>
    </message>
    <message>
        <source>unknown reference `%1` (%2, none)</source>
        <translation>unbekannte Referenz `%1` (%2, none)</translation>
    </message>
    <message>
        <source>field %1</source>
        <translation>Feld %1</translation>
    </message>
    <message>
        <source>must be &gt;= 0</source>
        <translation>muss &gt;= 0 sein</translation>
    </message>
    <message>
        <source>unknown metric `%1` (%2)</source>
        <translation>unbekannte Metrik `%1` (%2)</translation>
    </message>
    <message>
        <source>the default configuration (%1) does not satisfy `%2`</source>
        <translation>die Standardkonfiguration (%1) erfüllt `%2` nicht</translation>
    </message>
    <message>
        <source>field %1 (problem size `%2`, default configuration without parameters)</source>
        <translation>Feld %1 (Problemgröße `%2`, Standardkonfiguration ohne Parameter)</translation>
    </message>
    <message>
        <source>field %1 (problem size `%2`, default configuration %3)</source>
        <translation>Feld %1 (Problemgröße `%2`, Standardkonfiguration %3)</translation>
    </message>
    <message>
        <source>%1: not valid JSON: %2</source>
        <translation>%1: kein gültiges JSON: %2</translation>
    </message>
    <message>
        <source>%1: larger than 1 MiB, not a kernel spec</source>
        <translation>%1: größer als 1 MiB, keine Kernel-Spezifikation</translation>
    </message>
    <message>
        <source>`%1`: %2</source>
        <translation>`%1`: %2</translation>
    </message>
    <message>
        <source>`%1` = %2 is not a whole number</source>
        <translation>`%1` = %2 ist keine ganze Zahl</translation>
    </message>
    <message>
        <source>`%1` = %2 is less than %3</source>
        <translation>`%1` = %2 ist kleiner als %3</translation>
    </message>
    <message>
        <source>`%1` = %2 is more than %3</source>
        <translation>`%1` = %2 ist größer als %3</translation>
    </message>
    <message>
        <source>`%1` = %2 is not finite</source>
        <translation>`%1` = %2 ist nicht endlich</translation>
    </message>
    <message>
        <source>the configuration has %1 values for %2 parameters</source>
        <translation>die Konfiguration hat %1 Werte für %2 Parameter</translation>
    </message>
    <message>
        <source>problem size `%1` gives no value for `%2`</source>
        <translation>Problemgröße `%1` gibt keinen Wert für `%2` an</translation>
    </message>
    <message>
        <source>`launch.block` has %1 threads, more than 1024</source>
        <translation>`launch.block` hat %1 Threads, mehr als 1024</translation>
    </message>
    <message>
        <source>`metric.value` = %1 is not a finite number &gt;= 0</source>
        <translation>`metric.value` = %1 ist keine endliche Zahl &gt;= 0</translation>
    </message>
    <message>
        <source>empty expression</source>
        <translation>leerer Ausdruck</translation>
    </message>
    <message>
        <source>`%1` is not defined (%2)</source>
        <translation>`%1` ist nicht definiert (%2)</translation>
    </message>
    <message>
        <source>%1: field `%2`: %3</source>
        <translation>%1: Feld `%2`: %3</translation>
    </message>
    <message>
        <source>field `%1` missing</source>
        <translation>Feld `%1` fehlt</translation>
    </message>
    <message>
        <source>must be an array</source>
        <translation>muss ein Array sein</translation>
    </message>
    <message>
        <source>not a kernel spec: the top level must be a JSON object</source>
        <translation>keine Kernel-Spezifikation: die oberste Ebene muss ein JSON-Objekt sein</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>muss ein Objekt sein</translation>
    </message>
    <message>
        <source>unknown field (expected %1)</source>
        <translation>unbekanntes Feld (erwartet: %1)</translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation>muss eine endliche Zahl sein</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>must be an expression (a string or a number)</source>
        <translation>muss ein Ausdruck sein (eine Zeichenkette oder eine Zahl)</translation>
    </message>
    <message>
        <source>`%1`: %2 elements match, max abs error %3</source>
        <translation>`%1`: %2 Elemente stimmen überein, max. absoluter Fehler %3</translation>
    </message>
    <message>
        <source>`%1`: the result buffer differs in size or type from the expected one</source>
        <translation>`%1`: der Ergebnispuffer unterscheidet sich in Größe oder Typ vom erwarteten</translation>
    </message>
    <message>
        <source>`%1`: %2 of %3 elements differ (tolerance abs %4, rel %5); first at index %6: expected %7, got %8; max abs error %9</source>
        <translation>`%1`: %2 von %3 Elementen weichen ab (Toleranz abs %4, rel %5); erstes bei Index %6: erwartet %7, erhalten %8; max. absoluter Fehler %9</translation>
    </message>
    <message>
        <source>`%1`: no result buffer</source>
        <translation>`%1`: kein Ergebnispuffer</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>`%1` is not an arch variant (%2)</source>
        <translation>`%1` ist keine Architekturvariante (%2)</translation>
    </message>
    <message>
        <source>`arch_variant` &quot;a&quot; needs an arch-specific target (sm_90a and newer); %1 has none</source>
        <translation>`arch_variant` &quot;a&quot; braucht ein architekturspezifisches Ziel (sm_90a und neuer); %1 hat keines</translation>
    </message>
    <message>
        <source>muparser could not be loaded (%1): install libmuparser2v5 to read kernel specs</source>
        <translation>muparser konnte nicht geladen werden (%1): installieren Sie libmuparser2v5, um Kernel-Spezifikationen zu lesen</translation>
    </message>
    <message>
        <source>`%1` is not this entry&apos;s kernel (`%2`)</source>
        <translation>`%1` ist nicht der Kernel dieses Eintrags (`%2`)</translation>
    </message>
    <message>
        <source>%1: larger than 1 MiB, not a run spec</source>
        <translation>%1: größer als 1 MiB, keine Laufbeschreibung</translation>
    </message>
</context>
<context>
    <name>kl::keys</name>
    <message>
        <source>%1 must be an object of NAME: value strings</source>
        <translation>%1 muss ein Objekt aus Zeichenketten der Form NAME: Wert sein</translation>
    </message>
    <message>
        <source>%1.%2 must be a string</source>
        <translation>%1.%2 muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>%1.%2 is not even-length hex</source>
        <translation>%1.%2 ist kein Hexadezimaltext gerader Länge</translation>
    </message>
    <message>
        <source>the components file must hold a JSON object</source>
        <translation>Die Komponentendatei muss ein JSON-Objekt enthalten</translation>
    </message>
    <message>
        <source>%1 must be a string</source>
        <translation>%1 muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot; (expected triton_key, source_hash, backend_hash, options_hash, env_vars, env_vars_hex, inspect_stages_key)</source>
        <translation>unbekanntes Feld „%1“ (erwartet: triton_key, source_hash, backend_hash, options_hash, env_vars, env_vars_hex, inspect_stages_key)</translation>
    </message>
    <message>
        <source>missing field &quot;%1&quot;</source>
        <translation>Feld „%1“ fehlt</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>the sha256 of %1 is not recorded in the cache</source>
        <translation>Die SHA-256-Prüfsumme von %1 ist im Cache nicht verzeichnet</translation>
    </message>
    <message>
        <source>option %1: %2</source>
        <translation>Option %1: %2</translation>
    </message>
    <message>
        <source>extern_libs holds %1, not a [name, path] pair</source>
        <translation>extern_libs enthält %1, kein Paar [Name, Pfad]</translation>
    </message>
    <message>
        <source>extern library %1: %2</source>
        <translation>externe Bibliothek %1: %2</translation>
    </message>
</context>
<context>
    <name>kl::lines</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 records no source locations</source>
        <translation>%1 verzeichnet keine Quellpositionen</translation>
    </message>
    <message>
        <source>%1 refers %2 times to location records it does not hold (cut off?): those lines are left out</source>
        <translation>%1 verweist %2-mal auf Positionseinträge, die es nicht enthält (abgeschnitten?): diese Zeilen werden ausgelassen</translation>
    </message>
    <message>
        <source>%1 has none of the stages that record source lines (source, ttir, ttgir, llir, ptx, cubin)</source>
        <translation>%1 hat keine der Stufen, die Quellzeilen verzeichnen (source, ttir, ttgir, llir, ptx, cubin)</translation>
    </message>
</context>
<context>
    <name>kl::nvrtc</name>
    <message>
        <source>NVRTC could not be loaded (%1)</source>
        <translation>NVRTC konnte nicht geladen werden (%1)</translation>
    </message>
    <message>
        <source>nvJitLink could not be loaded (%1)</source>
        <translation>nvJitLink konnte nicht geladen werden (%1)</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>kein JSON-Objekt</translation>
    </message>
    <message>
        <source>not a KernelLens NVRTC entry (no &quot;producer&quot;: &quot;kernellens-nvrtc&quot;)</source>
        <translation>kein NVRTC-Eintrag von KernelLens (kein &quot;producer&quot;: &quot;kernellens-nvrtc&quot;)</translation>
    </message>
    <message>
        <source>field &quot;%1&quot; missing</source>
        <translation>Feld &quot;%1&quot; fehlt</translation>
    </message>
    <message>
        <source>field &quot;%1&quot; incomplete (%2)</source>
        <translation>Feld &quot;%1&quot; unvollständig (%2)</translation>
    </message>
    <message>
        <source>the entry pulled from %1 failed the local checks (%2); compiling instead</source>
        <translation>der von %1 geholte Eintrag hat die lokalen Prüfungen nicht bestanden (%2); es wird stattdessen kompiliert</translation>
    </message>
    <message>
        <source>no %1</source>
        <translation>%1 fehlt</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 missing</source>
        <translation>%1 fehlt</translation>
    </message>
    <message>
        <source>%1 differs from the sha256 recorded when it was written</source>
        <translation>%1 weicht von der beim Schreiben erfassten SHA-256-Prüfsumme ab</translation>
    </message>
    <message>
        <source>%1 is not an ELF file</source>
        <translation>%1 ist keine ELF-Datei</translation>
    </message>
    <message>
        <source>unsupported arch &quot;%1&quot;: NVRTC %2 supports %3</source>
        <translation>nicht unterstützte Arch „%1“: NVRTC %2 unterstützt %3</translation>
    </message>
    <message>
        <source>optimisation level %1 is not 0..3</source>
        <translation>Optimierungsstufe %1 liegt nicht in 0..3</translation>
    </message>
    <message>
        <source>nvJitLink was not found at build time</source>
        <translation>nvJitLink wurde beim Build nicht gefunden</translation>
    </message>
    <message>
        <source>NVRTC produced no cubin for %1</source>
        <translation>NVRTC hat kein Cubin für %1 erzeugt</translation>
    </message>
    <message>
        <source>KernelLens was built without nvJitLink (not found at build time)</source>
        <translation>KernelLens wurde ohne nvJitLink gebaut (beim Build nicht gefunden)</translation>
    </message>
    <message>
        <source>unsupported arch &quot;%1&quot; (expected sm_XX)</source>
        <translation>nicht unterstützte Arch „%1“ (erwartet: sm_XX)</translation>
    </message>
    <message>
        <source>nvJitLink produced no cubin</source>
        <translation>nvJitLink hat kein Cubin erzeugt</translation>
    </message>
</context>
<context>
    <name>kl::override</name>
    <message>
        <source>%1 compiles of one source wrote this dump folder (targets or configs share it; the last writer&apos;s files win): it holds the stages of %2</source>
        <translation>%1 Kompilierungen einer Quelle schrieben diesen Dump-Ordner (Ziele oder Konfigurationen teilen ihn; die Dateien des letzten Schreibers gelten): er enthält die Stufen von %2</translation>
    </message>
    <message>
        <source>%1 compiles of one source wrote this dump folder (targets or configs share it; the last writer&apos;s files win): its stages match none of them whole</source>
        <translation>%1 Kompilierungen einer Quelle schrieben diesen Dump-Ordner (Ziele oder Konfigurationen teilen ihn; die Dateien des letzten Schreibers gelten): seine Stufen passen zu keiner vollständig</translation>
    </message>
    <message>
        <source>could not read %1 (gone, unreadable or not a regular file): not compared</source>
        <translation>konnte %1 nicht lesen (weg, nicht lesbar oder keine reguläre Datei): nicht verglichen</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>no such entry</source>
        <translation>kein solcher Eintrag</translation>
    </message>
    <message>
        <source>Triton does not read .%1 from an override folder: it reads ttir, ttgir, llir, ptx and cubin (amdgcn and hsaco on AMD)</source>
        <translation>Triton liest .%1 nicht aus einem Override-Ordner: es liest ttir, ttgir, llir, ptx und cubin (amdgcn und hsaco auf AMD)</translation>
    </message>
    <message>
        <source>no dump of %1&apos;s source was found in the folders scanned: Triton names override folders by a hash of the source, which no cache entry records. Run the script once with TRITON_KERNEL_DUMP=1 TRITON_ALWAYS_COMPILE=1 (the dump goes to TRITON_DUMP_DIR, else ~/.triton/dump), then make the override again. Triton 3.4+ also takes a stage per config: klens show %2 --stage %3 &gt; FILE, then triton.Config(..., ir_override=&quot;FILE&quot;)</source>
        <translation>in den durchsuchten Ordnern fand sich kein Dump der Quelle von %1: Triton benennt Override-Ordner nach einem Hash der Quelle, den kein Cache-Eintrag festhält. Führen Sie das Skript einmal mit TRITON_KERNEL_DUMP=1 TRITON_ALWAYS_COMPILE=1 aus (der Dump landet in TRITON_DUMP_DIR, sonst ~/.triton/dump), und legen Sie den Override dann erneut an. Triton 3.4+ nimmt eine Stufe auch je Konfiguration: klens show %2 --stage %3 &gt; FILE, dann triton.Config(..., ir_override=&quot;FILE&quot;)</translation>
    </message>
    <message>
        <source>%1 is a %2 folder, not a cache entry or a dump</source>
        <translation>%1 ist ein %2-Ordner, kein Cache-Eintrag und kein Dump</translation>
    </message>
    <message>
        <source>%1 holds no .%2 stage to start from</source>
        <translation>%1 enthält keine .%2-Stufe als Ausgangspunkt</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>kann %1 nicht lesen: %2</translation>
    </message>
    <message>
        <source>cannot create the override folder %1: %2</source>
        <translation>kann den Override-Ordner %1 nicht anlegen: %2</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>kann %1 nicht öffnen: %2</translation>
    </message>
    <message>
        <source>%1 exists (a user&apos;s edit?): it is left as it is; pass --force to replace it</source>
        <translation>%1 existiert (eine Änderung eines Benutzers?): sie bleibt unverändert; mit --force wird sie ersetzt</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>kann %1 nicht schreiben: %2</translation>
    </message>
</context>
<context>
    <name>kl::overridetry</name>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: the entry has no .%2 file to compare with</source>
        <translation>%1: der Eintrag hat keine .%2-Datei zum Vergleichen</translation>
    </message>
    <message>
        <source>cannot create a scratch folder: %1</source>
        <translation>kann keinen Arbeitsordner anlegen: %1</translation>
    </message>
    <message>
        <source>%1: nvJitLink %2 rejected it: %3</source>
        <translation>%1: nvJitLink %2 hat sie abgelehnt: %3</translation>
    </message>
    <message>
        <source>the entry&apos;s PTX assembled by nvJitLink %1 for %2</source>
        <translation>dem PTX des Eintrags, von nvJitLink %1 für %2 assembliert</translation>
    </message>
    <message>
        <source>the entry&apos;s cubin</source>
        <translation>dem Cubin des Eintrags</translation>
    </message>
    <message>
        <source>nvJitLink %1 could not assemble the entry&apos;s own PTX (%2); the edit is compared with the cubin another ptxas made</source>
        <translation>nvJitLink %1 konnte das PTX des Eintrags nicht assemblieren (%2); die Änderung wird mit dem Cubin eines anderen ptxas verglichen</translation>
    </message>
    <message>
        <source>%1: cannot assemble it with the entry&apos;s Triton: %2</source>
        <translation>%1: kann nicht mit dem Triton des Eintrags assembliert werden: %2</translation>
    </message>
    <message>
        <source>%1: Triton %2&apos;s ptxas rejected it</source>
        <translation>%1: das ptxas von Triton %2 hat sie abgelehnt</translation>
    </message>
    <message>
        <source>the entry&apos;s cubin (Triton %1&apos;s ptxas, as the rebuild)</source>
        <translation>dem Cubin des Eintrags (ptxas von Triton %1, wie der Neubau)</translation>
    </message>
    <message>
        <source>Triton %1 compiled the edit, but Triton %2 built the entry: the differences include the versions&apos;</source>
        <translation>Triton %1 hat die Änderung kompiliert, aber Triton %2 den Eintrag: die Unterschiede enthalten die der Versionen</translation>
    </message>
    <message>
        <source>%1: override try compiles .ttir, .ttgir, .llir and .ptx files (the stage is named by the extension)</source>
        <translation>%1: override try kompiliert .ttir-, .ttgir-, .llir- und .ptx-Dateien (die Endung nennt die Stufe)</translation>
    </message>
    <message>
        <source>%1: override try compiles for CUDA entries; this one is %2</source>
        <translation>%1: override try kompiliert für CUDA-Einträge; dieser ist %2</translation>
    </message>
    <message>
        <source>%1: not a text file, so not a .%2 stage</source>
        <translation>%1: keine Textdatei, also keine .%2-Stufe</translation>
    </message>
    <message>
        <source>%1 defines %2, not the entry&apos;s kernel %3 (%4)</source>
        <translation>%1 definiert %2, nicht den Kernel %3 des Eintrags (%4)</translation>
    </message>
    <message>
        <source>nvJitLink is unavailable: %1</source>
        <translation>nvJitLink ist nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>cannot create a scratch folder %1: %2</source>
        <translation>kann den Arbeitsordner %1 nicht anlegen: %2</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1 (%2): %3</translation>
    </message>
    <message>
        <source>%1 (%2) has Triton %3</source>
        <translation>%1 (%2) hat Triton %3</translation>
    </message>
    <message>
        <source>%1 (%2) has no Triton</source>
        <translation>%1 (%2) hat kein Triton</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>no Triton at hand to compile it (%1)</source>
        <translation>kein Triton zur Hand, um sie zu kompilieren (%1)</translation>
    </message>
    <message>
        <source>Triton %1 in %2 rejected it</source>
        <translation>Triton %1 in %2 hat sie abgelehnt</translation>
    </message>
    <message>
        <source>Triton %1 in %2 made no cubin</source>
        <translation>Triton %1 in %2 hat kein Cubin erzeugt</translation>
    </message>
    <message>
        <source>the entry&apos;s cached cubin (another ptxas) uses %1 registers in %2, %3 %4: both sides here are %3&apos;s, so only the edit differs</source>
        <translation>das zwischengespeicherte Cubin des Eintrags (ein anderes ptxas) nutzt %1 Register in %2, %3 %4: beide Seiten stammen hier von %3, also unterscheidet sich nur die Änderung</translation>
    </message>
    <message>
        <source>%1: ptxas %2 rejected it</source>
        <translation>%1: ptxas %2 hat sie abgelehnt</translation>
    </message>
    <message>
        <source>%1: ptxas wrote no cubin: %2</source>
        <translation>%1: ptxas hat kein Cubin geschrieben: %2</translation>
    </message>
    <message>
        <source>the entry&apos;s PTX assembled by ptxas %1 for %2</source>
        <translation>dem PTX des Eintrags, von ptxas %1 für %2 assembliert</translation>
    </message>
    <message>
        <source>ptxas %1 could not assemble the entry&apos;s own PTX; the edit is compared with the cubin another ptxas made</source>
        <translation>ptxas %1 konnte das PTX des Eintrags nicht assemblieren; die Änderung wird mit dem Cubin eines anderen ptxas verglichen</translation>
    </message>
    <message>
        <source>no ptxas of nvJitLink&apos;s toolkit: KernelLens was built without the CUDA Toolkit, or its bin/ptxas is gone</source>
        <translation>kein ptxas aus dem Toolkit von nvJitLink: KernelLens wurde ohne CUDA-Toolkit gebaut, oder dessen bin/ptxas fehlt</translation>
    </message>
    <message>
        <source>%1 cannot read this PTX&apos;s version or target; the entry&apos;s Triton assembled it</source>
        <translation>%1 kann Version oder Ziel dieses PTX nicht lesen; das Triton des Eintrags hat es assembliert</translation>
    </message>
    <message>
        <source>%1: the Try was cancelled</source>
        <translation>%1: „Ausprobieren“ wurde abgebrochen</translation>
    </message>
    <message>
        <source>%1: %2 could not assemble the entry&apos;s own PTX, and the entry has no .cubin to compare with</source>
        <translation>%1: %2 konnte das PTX des Eintrags selbst nicht assemblieren, und der Eintrag hat keine .cubin zum Vergleich</translation>
    </message>
    <message>
        <source>%1 has no .cubin (klens doctor calls the entry incomplete): both sides are assembled here</source>
        <translation>%1 hat keine .cubin (klens doctor nennt den Eintrag unvollständig): beide Seiten werden hier assembliert</translation>
    </message>
    <message>
        <source>not run: %1</source>
        <translation>nicht ausgeführt: %1</translation>
    </message>
    <message>
        <source>the edit did not compile</source>
        <translation>die Änderung ließ sich nicht übersetzen</translation>
    </message>
    <message>
        <source>%1%2 of %3: %4</source>
        <translation>%1%2 von %3: %4</translation>
    </message>
    <message>
        <source>%1 records no num_warps</source>
        <translation>%1 verzeichnet kein num_warps</translation>
    </message>
</context>
<context>
    <name>kl::pack</name>
    <message>
        <source>cannot open pack %1: %2</source>
        <translation>Paket %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot stat pack %1: %2</source>
        <translation>stat auf Paket %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>pack %1 is not a regular file</source>
        <translation>Paket %1 ist keine reguläre Datei</translation>
    </message>
    <message>
        <source>%1 is too short for a pack header (%2 bytes)</source>
        <translation>%1 ist zu kurz für einen Paketkopf (%2 Bytes)</translation>
    </message>
    <message>
        <source>cannot read the header of %1: %2</source>
        <translation>Der Kopf von %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a KernelLens pack (its first bytes are not KLPACK format 1 or later)</source>
        <translation>%1 ist kein KernelLens-Paket (seine ersten Bytes sind nicht KLPACK Format 1 oder neuer)</translation>
    </message>
    <message>
        <source>%1 is a pack of format %2, newer than this KernelLens reads (%3)</source>
        <translation>%1 ist ein Paket im Format %2, neuer als diese KernelLens liest (%3)</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>a record header cut off by the end of the pack, %1 bytes short (a torn append)</source>
        <translation>ein Datensatzkopf, abgeschnitten vom Ende des Pakets, %1 Bytes zu kurz (ein abgerissenes Anhängen)</translation>
    </message>
    <message>
        <source>no record starts here (no KLR1)</source>
        <translation>hier beginnt kein Datensatz (kein KLR1)</translation>
    </message>
    <message>
        <source>a meta of %1 bytes, more than a record may hold</source>
        <translation>Metadaten von %1 Bytes, mehr als ein Datensatz enthalten darf</translation>
    </message>
    <message>
        <source>a record of %1 bytes that ends past the end of the pack (a torn append)</source>
        <translation>ein Datensatz von %1 Bytes, der hinter dem Ende des Pakets endet (ein abgerissenes Anhängen)</translation>
    </message>
    <message>
        <source>CRC-32 mismatch: the record says %1, its bytes give %2 (damaged bytes)</source>
        <translation>CRC-32 stimmt nicht: der Datensatz nennt %1, seine Bytes ergeben %2 (beschädigte Bytes)</translation>
    </message>
    <message>
        <source>%1 at byte %2: %3</source>
        <translation>%1 bei Byte %2: %3</translation>
    </message>
    <message>
        <source>%1 in %2: %3 bytes exceed the limit of %4</source>
        <translation>%1 in %2: %3 Bytes überschreiten die Grenze von %4</translation>
    </message>
    <message>
        <source>cannot read %1 in %2 at byte %3: %4</source>
        <translation>%1 in %2 bei Byte %3 kann nicht gelesen werden: %4</translation>
    </message>
    <message>
        <source>cannot read the record at byte %1 of %2: %3</source>
        <translation>Der Datensatz bei Byte %1 von %2 kann nicht gelesen werden: %3</translation>
    </message>
    <message>
        <source>the record at byte %1 of %2 changed since it was checked</source>
        <translation>der Datensatz bei Byte %1 von %2 hat sich seit der Prüfung geändert</translation>
    </message>
    <message>
        <source>the record of %1 at byte %2 of %3 holds %4 bytes, more than the limit of %5</source>
        <translation>der Datensatz von %1 bei Byte %2 von %3 enthält %4 Bytes, mehr als die Grenze von %5</translation>
    </message>
    <message>
        <source>%1 is not a folder: packs cannot be read there</source>
        <translation>%1 ist kein Ordner: dort können keine Pakete gelesen werden</translation>
    </message>
    <message>
        <source>cannot open pack folder %1: %2</source>
        <translation>Paketordner %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot list pack folder %1: %2</source>
        <translation>Paketordner %1 kann nicht aufgelistet werden: %2</translation>
    </message>
    <message>
        <source>meta is not JSON: %1</source>
        <translation>die Metadaten sind kein JSON: %1</translation>
    </message>
    <message>
        <source>meta is not a JSON object</source>
        <translation>die Metadaten sind kein JSON-Objekt</translation>
    </message>
    <message>
        <source>meta has no &quot;key&quot; that names an entry folder</source>
        <translation>die Metadaten haben keinen &quot;key&quot;, der einen Eintragsordner benennt</translation>
    </message>
    <message>
        <source>meta&apos;s &quot;time_ns&quot; is not an integer</source>
        <translation>&quot;time_ns&quot; in den Metadaten ist keine ganze Zahl</translation>
    </message>
    <message>
        <source>meta has no &quot;files&quot; array</source>
        <translation>die Metadaten haben kein Array &quot;files&quot;</translation>
    </message>
    <message>
        <source>a file in the meta has no plain &quot;name&quot; or no &quot;size&quot; (a whole number)</source>
        <translation>eine Datei in den Metadaten hat keinen einfachen &quot;name&quot; oder keine &quot;size&quot; (eine ganze Zahl)</translation>
    </message>
    <message>
        <source>a file&apos;s &quot;mtime_ns&quot; in the meta is not an integer</source>
        <translation>&quot;mtime_ns&quot; einer Datei in den Metadaten ist keine ganze Zahl</translation>
    </message>
    <message>
        <source>the files&apos; sizes in the meta overflow</source>
        <translation>die Dateigrößen in den Metadaten laufen über</translation>
    </message>
    <message>
        <source>the meta lists &quot;%1&quot; twice</source>
        <translation>die Metadaten nennen &quot;%1&quot; zweimal</translation>
    </message>
    <message>
        <source>the files&apos; sizes add up to %1 bytes, the record holds %2</source>
        <translation>die Dateigrößen ergeben %1 Bytes, der Datensatz enthält %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a pack name (&lt;name&gt;.klpack)</source>
        <translation>&quot;%1&quot; ist kein Paketname (&lt;name&gt;.klpack)</translation>
    </message>
    <message>
        <source>cannot create pack folder %1: %2</source>
        <translation>Paketordner %1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot lock pack %1: %2</source>
        <translation>Paket %1 kann nicht gesperrt werden: %2</translation>
    </message>
    <message>
        <source>pack %1 is locked by pid %2 (a writer is using it)</source>
        <translation>Paket %1 ist von PID %2 gesperrt (ein Schreiber benutzt es)</translation>
    </message>
    <message>
        <source>pack %1 is locked by another writer</source>
        <translation>Paket %1 ist von einem anderen Schreiber gesperrt</translation>
    </message>
    <message>
        <source>pack %1 keeps being replaced while it is opened</source>
        <translation>Paket %1 wird beim Öffnen immer wieder ersetzt</translation>
    </message>
    <message>
        <source>cannot write the header of pack %1: %2</source>
        <translation>Der Kopf von Paket %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot cut the torn tail of pack %1 at byte %2: %3</source>
        <translation>Das abgerissene Ende von Paket %1 kann bei Byte %2 nicht abgeschnitten werden: %3</translation>
    </message>
    <message>
        <source>cannot write index %1: %2</source>
        <translation>Index %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot pack &quot;%1&quot; into %2: not a folder name a reader accepts</source>
        <translation>&quot;%1&quot; kann nicht in %2 gepackt werden: kein Ordnername, den ein Leser annimmt</translation>
    </message>
    <message>
        <source>cannot pack %1 into %2: the file name &quot;%3&quot; is not one a reader accepts</source>
        <translation>%1 kann nicht in %2 gepackt werden: den Dateinamen &quot;%3&quot; nimmt kein Leser an</translation>
    </message>
    <message>
        <source>cannot pack %1 into %2: its file list is too long for a record</source>
        <translation>%1 kann nicht in %2 gepackt werden: seine Dateiliste ist zu lang für einen Datensatz</translation>
    </message>
    <message>
        <source>cannot append %1 to pack %2: %3 (the pack was cut back to %4 bytes)</source>
        <translation>%1 kann nicht an Paket %2 angehängt werden: %3 (das Paket wurde auf %4 Bytes zurückgeschnitten)</translation>
    </message>
    <message>
        <source>cannot append %1 to pack %2: %3 (and cutting it back to %4 bytes failed: %5; readers skip the torn record)</source>
        <translation>%1 kann nicht an Paket %2 angehängt werden: %3 (und das Zurückschneiden auf %4 Bytes schlug fehl: %5; Leser überspringen den abgerissenen Datensatz)</translation>
    </message>
    <message>
        <source>cannot sync pack %1: %2</source>
        <translation>Paket %1 kann nicht synchronisiert werden: %2</translation>
    </message>
    <message>
        <source>cannot sync pack folder %1: %2</source>
        <translation>Paketordner %1 kann nicht synchronisiert werden: %2</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>the record at byte %1 of %2 is not valid: %3</source>
        <translation>der Datensatz bei Byte %1 von %2 ist nicht gültig: %3</translation>
    </message>
    <message>
        <source>the record at byte %1 of %2 now holds key %3, not %4: the pack was rewritten since the scan; scan again</source>
        <translation>der Datensatz bei Byte %1 von %2 enthält jetzt den Schlüssel %3, nicht %4: das Paket wurde seit dem Scan neu geschrieben; bitte erneut scannen</translation>
    </message>
    <message>
        <source>the record of %1 at byte %2 of %3 holds no file %4</source>
        <translation>der Datensatz von %1 bei Byte %2 von %3 enthält keine Datei %4</translation>
    </message>
    <message>
        <source>cannot make %1: %2</source>
        <translation>%1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot stat %1: %2</source>
        <translation>stat auf %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1 is not a private folder of this user (mode %2, owner %3); not used for copies of packed files</source>
        <translation>%1 ist kein privater Ordner dieses Benutzers (Modus %2, Besitzer %3); er wird nicht für Kopien gepackter Dateien verwendet</translation>
    </message>
    <message>
        <source>cannot make a folder in %1: %2</source>
        <translation>in %1 kann kein Ordner angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>no valid entry record at byte %1 of %2</source>
        <translation>kein gültiger Eintragsdatensatz bei Byte %1 von %2</translation>
    </message>
    <message>
        <source>the record at byte %1 of %2: %3</source>
        <translation>der Datensatz bei Byte %1 von %2: %3</translation>
    </message>
    <message>
        <source>%1 is held by a writer (its lock is taken); run klens clean again once it is done</source>
        <translation>%1 wird von einem Schreiber gehalten (seine Sperre ist belegt); klens clean erneut ausführen, sobald er fertig ist</translation>
    </message>
    <message>
        <source>cannot lock %1: %2</source>
        <translation>%1 kann nicht gesperrt werden: %2</translation>
    </message>
    <message>
        <source>%1 holds a record of it written within the grace period</source>
        <translation>%1 enthält einen Datensatz davon, der innerhalb der Schonfrist geschrieben wurde</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>cannot rewrite %1: %2</source>
        <translation>%1 kann nicht neu geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>kl::packing</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot list %1: %2</source>
        <translation>%1 kann nicht aufgelistet werden: %2</translation>
    </message>
    <message>
        <source>%1 holds %2, which is not a plain file with a UTF-8 name: only folders of plain files are packed</source>
        <translation>%1 enthält %2, keine einfache Datei mit UTF-8-Namen: nur Ordner aus einfachen Dateien werden gepackt</translation>
    </message>
    <message>
        <source>%1 holds no files</source>
        <translation>%1 enthält keine Dateien</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a plain file</source>
        <translation>%1 ist keine einfache Datei</translation>
    </message>
    <message>
        <source>%1: %2 bytes exceed the limit of %3 for a packed file</source>
        <translation>%1: %2 Bytes überschreiten die Grenze von %3 für eine gepackte Datei</translation>
    </message>
    <message>
        <source>%1 changed while it was being read</source>
        <translation>%1 hat sich beim Lesen geändert</translation>
    </message>
    <message>
        <source>no pack in %1 can be appended to: packed-0 to packed-%2 are all held by other writers or of another format</source>
        <translation>an kein Paket in %1 kann angehängt werden: packed-0 bis packed-%2 sind alle von anderen Schreibern belegt oder in einem anderen Format</translation>
    </message>
    <message>
        <source>%1 is gone since the scan</source>
        <translation>%1 ist seit dem Scan verschwunden</translation>
    </message>
    <message>
        <source>%1 is packed already with other files (%2 at byte %3): the folder stays, so neither is lost</source>
        <translation>%1 ist bereits mit anderen Dateien gepackt (%2 bei Byte %3): der Ordner bleibt, damit keines verloren geht</translation>
    </message>
    <message>
        <source>not packed: an earlier append failed (%1)</source>
        <translation>nicht gepackt: ein früheres Anhängen schlug fehl (%1)</translation>
    </message>
    <message>
        <source>%1 changed since it was read: it stays a folder (the pack holds the files as they were)</source>
        <translation>%1 hat sich seit dem Lesen geändert: es bleibt ein Ordner (das Paket enthält die Dateien, wie sie waren)</translation>
    </message>
    <message>
        <source>packed into %1</source>
        <translation>in %1 gepackt</translation>
    </message>
    <message>
        <source>%1 was not removed (%2)</source>
        <translation>%1 wurde nicht entfernt (%2)</translation>
    </message>
    <message>
        <source>%1 is damaged at byte %2 (%3 bytes: %4): kept, so that nothing in it is lost; its intact records are out</source>
        <translation>%1 ist bei Byte %2 beschädigt (%3 Bytes: %4): behalten, damit nichts darin verloren geht; seine intakten Datensätze sind ausgepackt</translation>
    </message>
    <message>
        <source>%1 is damaged in %2 places, first at byte %3 (%4 bytes: %5): kept, so that nothing in it is lost; its intact records are out</source>
        <translation>%1 ist an %2 Stellen beschädigt, zuerst bei Byte %3 (%4 Bytes: %5): behalten, damit nichts darin verloren geht; seine intakten Datensätze sind ausgepackt</translation>
    </message>
    <message>
        <source>%1 is held by a writer (its lock is taken): kept; run klens unpack again once it is done</source>
        <translation>%1 ist von einem Schreiber belegt (seine Sperre ist vergeben): behalten; führen Sie klens unpack erneut aus, wenn er fertig ist</translation>
    </message>
    <message>
        <source>cannot lock %1: %2</source>
        <translation>%1 kann nicht gesperrt werden: %2</translation>
    </message>
    <message>
        <source>%1: kept</source>
        <translation>%1: behalten</translation>
    </message>
    <message>
        <source>cannot stat %1: %2</source>
        <translation>stat auf %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1 exists with other files than its record in %2 (at byte %3): both stay</source>
        <translation>%1 existiert mit anderen Dateien als sein Datensatz in %2 (bei Byte %3): beide bleiben</translation>
    </message>
    <message>
        <source>%1 holds %2 record(s) whose entry did not come out: kept</source>
        <translation>%1 enthält %2 Datensatz/Datensätze, deren Eintrag nicht ausgepackt wurde: behalten</translation>
    </message>
    <message>
        <source>cannot remove %1: %2</source>
        <translation>%1 kann nicht entfernt werden: %2</translation>
    </message>
    <message>
        <source>%1 holds %2 record(s) of a kind this KernelLens does not read (kind %3 at byte %4): kept</source>
        <translation>%1 enthält %2 Datensatz/Datensätze einer Art, die diese KernelLens nicht liest (Art %3 bei Byte %4): behalten</translation>
    </message>
</context>
<context>
    <name>kl::recompile</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: the entry has no .%2 file</source>
        <translation>%1: der Eintrag hat keine .%2-Datei</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>kernel %1 missing from the rebuild</source>
        <translation>Kernel %1 fehlt im Neubau</translation>
    </message>
    <message>
        <source>%1: registers %2 -&gt; %3</source>
        <translation>%1: Register %2 -&gt; %3</translation>
    </message>
    <message>
        <source>%1: static shared %2 -&gt; %3 bytes</source>
        <translation>%1: statischer Shared Memory %2 -&gt; %3 Bytes</translation>
    </message>
    <message>
        <source>%1: local (spill) frame %2 -&gt; %3 bytes</source>
        <translation>%1: lokaler (Spill-)Frame %2 -&gt; %3 Bytes</translation>
    </message>
    <message>
        <source>%1: max threads differ</source>
        <translation>%1: Max. Threads unterscheiden sich</translation>
    </message>
    <message>
        <source>the rebuild also has %1</source>
        <translation>der Neubau enthält zusätzlich %1</translation>
    </message>
    <message>
        <source>%1 -&gt; %2 bytes, first difference at byte %3</source>
        <translation>%1 -&gt; %2 Bytes, erster Unterschied bei Byte %3</translation>
    </message>
    <message>
        <source>rebuilding %1 failed: %2</source>
        <translation>Neubau von %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>missing from the entry</source>
        <translation>fehlt im Eintrag</translation>
    </message>
    <message>
        <source>the cached cubin is unreadable: %1</source>
        <translation>das gecachte cubin ist nicht lesbar: %1</translation>
    </message>
    <message>
        <source>built by NVRTC %1, this is NVRTC %2</source>
        <translation>gebaut mit NVRTC %1, hier ist NVRTC %2 installiert</translation>
    </message>
    <message>
        <source>its key changed (a header it includes changed, or it was moved): %1 -&gt; %2</source>
        <translation>sein Schlüssel hat sich geändert (ein eingebundener Header wurde geändert oder der Eintrag wurde verschoben): %1 -&gt; %2</translation>
    </message>
    <message>
        <source>%1 differs from the rebuild: %2</source>
        <translation>%1 unterscheidet sich vom Neubau: %2</translation>
    </message>
    <message>
        <source>%1: a target-less entry; only CUDA entries can be reassembled</source>
        <translation>%1: ein Eintrag ohne Ziel; nur CUDA-Einträge lassen sich neu assemblieren</translation>
    </message>
    <message>
        <source>%1: a %2 entry; only CUDA entries can be reassembled</source>
        <translation>%1: ein %2-Eintrag; nur CUDA-Einträge lassen sich neu assemblieren</translation>
    </message>
    <message>
        <source>recompile is unavailable: %1</source>
        <translation>Neukompilieren ist nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>fresh</source>
        <translation>aktuell</translation>
    </message>
    <message>
        <source>stale: %1</source>
        <translation>veraltet: %1</translation>
    </message>
    <message>
        <source>KernelLens was built without the CUDA Toolkit (NVRTC was not found at build time; set CUDAToolkit_ROOT and rebuild)</source>
        <translation>KernelLens wurde ohne das CUDA Toolkit gebaut (NVRTC wurde beim Bauen nicht gefunden; CUDAToolkit_ROOT setzen und neu bauen)</translation>
    </message>
    <message>
        <source>nvJitLink %1 could not assemble it either</source>
        <translation>nvJitLink %1 konnte es auch nicht assemblieren</translation>
    </message>
    <message>
        <source>nvJitLink %1 gives the same resources</source>
        <translation>nvJitLink %1 ergibt dieselben Ressourcen</translation>
    </message>
    <message>
        <source>nvJitLink %1 gives %2</source>
        <translation>nvJitLink %1 ergibt %2</translation>
    </message>
    <message>
        <source>not compared</source>
        <translation>nicht verglichen</translation>
    </message>
    <message>
        <source>%1 differs from Triton %2&apos;s rebuild of the cached PTX: %3</source>
        <translation>%1 weicht vom Neubau des gespeicherten PTX durch Triton %2 ab: %3</translation>
    </message>
    <message>
        <source>cannot judge: %1</source>
        <translation>nicht beurteilbar: %1</translation>
    </message>
    <message>
        <source>cannot create a scratch folder in /tmp: %1</source>
        <translation>kann keinen Arbeitsordner in /tmp anlegen: %1</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1 (%2): %3</translation>
    </message>
    <message>
        <source>%1 (%2) has Triton %3</source>
        <translation>%1 (%2) hat Triton %3</translation>
    </message>
    <message>
        <source>%1 (%2) has no Triton</source>
        <translation>%1 (%2) hat kein Triton</translation>
    </message>
    <message>
        <source>%1 wrote no cubin: %2</source>
        <translation>%1 hat kein Cubin geschrieben: %2</translation>
    </message>
    <message>
        <source>Triton %1 in %2 failed to assemble the PTX: %3</source>
        <translation>Triton %1 in %2 konnte das PTX nicht assemblieren: %3</translation>
    </message>
    <message>
        <source>built by Triton %1, which is not at hand (%2)</source>
        <translation>von Triton %1 gebaut, das nicht verfügbar ist (%2)</translation>
    </message>
    <message>
        <source>the entry records neither its Triton version nor a Triton install that still exists</source>
        <translation>der Eintrag nennt weder seine Triton-Version noch eine noch vorhandene Triton-Installation</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>kann %1 nicht schreiben: %2</translation>
    </message>
    <message>
        <source>the Triton that built it is not at hand (%1)</source>
        <translation>das Triton, das es gebaut hat, ist nicht verfügbar (%1)</translation>
    </message>
</context>
<context>
    <name>kl::remote</name>
    <message>
        <source>key format &quot;%1&quot; cannot be used: %2</source>
        <translation>Schlüsselformat „%1“ kann nicht verwendet werden: %2</translation>
    </message>
    <message>
        <source>a &apos;{&apos; is never closed</source>
        <translation>ein „{“ wird nie geschlossen</translation>
    </message>
    <message>
        <source>field {%1} is not one Triton fills in (only {key} and {filename})</source>
        <translation>das Feld {%1} wird von Triton nicht ausgefüllt (nur {key} und {filename})</translation>
    </message>
    <message>
        <source>{key} and {filename} must each appear once</source>
        <translation>{key} und {filename} müssen jeweils genau einmal vorkommen</translation>
    </message>
    <message>
        <source>a lone &apos;}&apos; (write &apos;}}&apos; for a brace)</source>
        <translation>ein einzelnes „}“ (für eine Klammer „}}“ schreiben)</translation>
    </message>
    <message>
        <source>it must hold {key} and {filename}, each once, or entries cannot be told apart</source>
        <translation>es muss {key} und {filename} jeweils einmal enthalten, sonst lassen sich die Einträge nicht unterscheiden</translation>
    </message>
    <message>
        <source>%1: no answer to %2 within %3 ms; the server stopped answering (overloaded, paused or gone)</source>
        <translation>%1: keine Antwort auf %2 innerhalb von %3 ms; der Server antwortet nicht mehr (überlastet, angehalten oder nicht mehr vorhanden)</translation>
    </message>
    <message>
        <source>%1: the server closed the connection during %2</source>
        <translation>%1: der Server hat die Verbindung während %2 geschlossen</translation>
    </message>
    <message>
        <source>%1: %2 failed: %3</source>
        <translation>%1: %2 fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>%1: TLS (rediss://) needs hiredis 1.0 or later, and this KernelLens was built with %2; reach the server through a TLS tunnel (stunnel, ssh -L) as redis://, or rebuild against hiredis 1.0+</source>
        <translation>%1: TLS (rediss://) erfordert hiredis 1.0 oder neuer, dieses KernelLens wurde aber mit %2 gebaut; den Server über einen TLS-Tunnel (stunnel, ssh -L) als redis:// ansprechen oder gegen hiredis 1.0+ neu bauen</translation>
    </message>
    <message>
        <source>%1: cannot connect: out of memory</source>
        <translation>%1: Verbindung nicht möglich: kein Speicher mehr frei</translation>
    </message>
    <message>
        <source>%1: no connection within %2 ms (%3)</source>
        <translation>%1: keine Verbindung innerhalb von %2 ms (%3)</translation>
    </message>
    <message>
        <source>%1: cannot connect: %2 (is redis-server running there?)</source>
        <translation>%1: Verbindung nicht möglich: %2 (läuft dort redis-server?)</translation>
    </message>
    <message>
        <source>%1: the server refused the login: %2</source>
        <translation>%1: der Server hat die Anmeldung abgelehnt: %2</translation>
    </message>
    <message>
        <source>%1: the server needs a password (%2): give it in the URL (redis://:PASSWORD@host:port) or in KERNELLENS_REDIS_PASSWORD</source>
        <translation>%1: der Server verlangt ein Passwort (%2): es in der URL (redis://:PASSWORD@host:port) oder in KERNELLENS_REDIS_PASSWORD angeben</translation>
    </message>
    <message>
        <source>%1: SCAN gave a reply that is not a cursor and a key list</source>
        <translation>%1: SCAN lieferte eine Antwort, die nicht aus einem Cursor und einer Schlüsselliste besteht</translation>
    </message>
    <message>
        <source>not a Redis URL: %1: %2</source>
        <translation>keine Redis-URL: %1: %2</translation>
    </message>
    <message>
        <source>it must start with redis://, rediss:// or unix://</source>
        <translation>sie muss mit redis://, rediss:// oder unix:// beginnen</translation>
    </message>
    <message>
        <source>a bad %-escape in the user or password</source>
        <translation>eine ungültige %-Maskierung im Benutzernamen oder Passwort</translation>
    </message>
    <message>
        <source>db= must be a number</source>
        <translation>db= muss eine Zahl sein</translation>
    </message>
    <message>
        <source>unix:// needs an absolute socket path, as in unix:///run/redis/redis.sock</source>
        <translation>unix:// erfordert einen absoluten Socket-Pfad, etwa unix:///run/redis/redis.sock</translation>
    </message>
    <message>
        <source>an IPv6 address without its closing ]</source>
        <translation>eine IPv6-Adresse ohne schließende ]</translation>
    </message>
    <message>
        <source>unexpected text after the IPv6 address</source>
        <translation>unerwarteter Text nach der IPv6-Adresse</translation>
    </message>
    <message>
        <source>port &quot;%1&quot; is not a number from 1 to 65535</source>
        <translation>Port „%1“ ist keine Zahl von 1 bis 65535</translation>
    </message>
    <message>
        <source>the path &quot;/%1&quot; must be a database number</source>
        <translation>der Pfad „/%1“ muss eine Datenbanknummer sein</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>TRITON_REDIS_PORT=%1 is not a port number</source>
        <translation>TRITON_REDIS_PORT=%1 ist keine Portnummer</translation>
    </message>
    <message>
        <source>key %1 matches the key format&apos;s pattern but cannot be split into {key} and {filename}</source>
        <translation>Schlüssel %1 passt zum Muster des Schlüsselformats, lässt sich aber nicht in {key} und {filename} aufteilen</translation>
    </message>
    <message>
        <source>this server cannot be read without refreshing what it reads (CLIENT NO-TOUCH came in Redis 7.2): idle times shown were read first, but this listing reset them on the server</source>
        <translation>dieser Server lässt sich nicht lesen, ohne das Gelesene aufzufrischen (CLIENT NO-TOUCH gibt es erst seit Redis 7.2): die angezeigten Leerlaufzeiten wurden zuvor gelesen, doch diese Auflistung hat sie auf dem Server zurückgesetzt</translation>
    </message>
    <message>
        <source>no Triton can hit it: %1</source>
        <translation>für diesen Eintrag gibt es bei keinem Triton einen Treffer: %1</translation>
    </message>
    <message>
        <source>not read or written for %1 s</source>
        <translation>seit %1 s weder gelesen noch geschrieben</translation>
    </message>
    <message>
        <source>least recently used while the cache is over %1 bytes</source>
        <translation>am längsten nicht verwendet, solange der Cache über %1 Bytes liegt</translation>
    </message>
    <message>
        <source>key %1: file name is not valid UTF-8</source>
        <translation>Schlüssel %1: Dateiname ist kein gültiges UTF-8</translation>
    </message>
    <message>
        <source>%1 was deleted while it was being read</source>
        <translation>%1 wurde während des Lesens gelöscht</translation>
    </message>
    <message>
        <source>%1 holds %2 bytes, more than the %3 bytes a json file of Triton&apos;s can be; not read</source>
        <translation>%1 enthält %2 Bytes, mehr als die %3 Bytes, die eine json-Datei von Triton haben kann; nicht gelesen</translation>
    </message>
    <message>
        <source>%1 is empty (0 bytes)</source>
        <translation>%1 ist leer (0 Bytes)</translation>
    </message>
    <message>
        <source>no metadata value %1</source>
        <translation>Metadatenwert %1 fehlt</translation>
    </message>
    <message>
        <source>no group value %1: Triton treats this entry as a miss, and its %2 other values only take space</source>
        <translation>Gruppenwert %1 fehlt: Triton wertet diesen Eintrag als Fehlzugriff, und seine %2 übrigen Werte belegen nur Platz</translation>
    </message>
    <message>
        <source>group of key %1 names child &quot;%2&quot;, which is not a plain file name: a Triton that materialises it writes outside its cache</source>
        <translation>Gruppe von Schlüssel %1 nennt „%2“, was kein einfacher Dateiname ist: ein Triton, der den Eintrag lokal anlegt, schreibt außerhalb seines Caches</translation>
    </message>
    <message>
        <source>group lists %1, which is not on the server: every Triton that looks the entry up misses and recompiles</source>
        <translation>Gruppe nennt %1, doch dieser Wert ist nicht auf dem Server: jeder Triton, der den Eintrag nachschlägt, hat einen Fehlzugriff und kompiliert neu</translation>
    </message>
    <message>
        <source>key %1 is not the base32 key of a Triton 3.3 or later entry; pull writes only that layout</source>
        <translation>Schlüssel %1 ist nicht der base32-Schlüssel eines Eintrags von Triton 3.3 oder neuer; pull schreibt nur dieses Layout</translation>
    </message>
    <message>
        <source>%1: no group value, so Triton would miss on it</source>
        <translation>%1: kein Gruppenwert, daher hätte Triton hier einen Fehlzugriff</translation>
    </message>
    <message>
        <source>already whole in %1</source>
        <translation>bereits vollständig in %1</translation>
    </message>
    <message>
        <source>key %1 holds no files Triton writes</source>
        <translation>Schlüssel %1 enthält keine Dateien, die Triton schreibt</translation>
    </message>
    <message>
        <source>%1 names child &quot;%2&quot;, which is not a plain file name</source>
        <translation>%1 nennt „%2“, was kein einfacher Dateiname ist</translation>
    </message>
    <message>
        <source>%1 is listed but not on the server: Triton would miss on this entry</source>
        <translation>%1 ist aufgeführt, aber nicht auf dem Server: Triton hätte bei diesem Eintrag einen Fehlzugriff</translation>
    </message>
    <message>
        <source>%1 does not list the metadata %2</source>
        <translation>%1 führt die Metadaten %2 nicht auf</translation>
    </message>
    <message>
        <source>%1 records hash %2, whose key is not %3: the content does not match its key (poisoned or mis-keyed); not pulled</source>
        <translation>%1 erfasst den Hash %2, dessen Schlüssel nicht %3 ist: der Inhalt passt nicht zu seinem Schlüssel (vergiftet oder unter falschem Schlüssel abgelegt); nicht abgerufen</translation>
    </message>
    <message>
        <source>%1 names kernel &quot;%2&quot; but the entry&apos;s values are named &quot;%3&quot;</source>
        <translation>%1 nennt den Kernel „%2“, die Werte des Eintrags heißen aber „%3“</translation>
    </message>
    <message>
        <source>pulled into %1</source>
        <translation>abgerufen nach %1</translation>
    </message>
    <message>
        <source>already in %1</source>
        <translation>bereits in %1</translation>
    </message>
    <message>
        <source>no entry %1 on %2</source>
        <translation>kein Eintrag %1 auf %2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a folder: give an entry folder or a cache folder</source>
        <translation>%1 ist kein Ordner: einen Eintragsordner oder einen Cache-Ordner angeben</translation>
    </message>
    <message>
        <source>%1 disappeared while it was being read</source>
        <translation>%1 ist während des Lesens verschwunden</translation>
    </message>
    <message>
        <source>%1 is not an entry Triton reads</source>
        <translation>%1 ist kein Eintrag, den Triton liest</translation>
    </message>
    <message>
        <source>%1 is %2, not whole and sound: %3</source>
        <translation>%1 ist %2, nicht vollständig und intakt: %3</translation>
    </message>
    <message>
        <source>%1: its metadata hash cannot be checked against its folder name</source>
        <translation>%1: sein Metadaten-Hash lässt sich nicht mit seinem Ordnernamen abgleichen</translation>
    </message>
    <message>
        <source>%1 already has %2</source>
        <translation>%1 hat %2 bereits</translation>
    </message>
    <message>
        <source>pushed %1 values to %2</source>
        <translation>%1 Werte an %2 übertragen</translation>
    </message>
    <message>
        <source>%1: SET %2 failed: %3</source>
        <translation>%1: SET %2 fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>%1 is not on the server</source>
        <translation>%1 liegt nicht auf dem Server</translation>
    </message>
    <message>
        <source>%1 is not a JSON object, as Inductor writes its values</source>
        <translation>%1 ist kein JSON-Objekt, wie Inductor seine Werte schreibt</translation>
    </message>
    <message>
        <source>%1 has no num_warps or configs_hash: not an autotune result</source>
        <translation>%1 hat kein num_warps oder configs_hash: kein Autotune-Ergebnis</translation>
    </message>
    <message>
        <source>%1 (if the server only speaks TLS, it drops plain connections like this: use rediss://, which needs hiredis 1.0 or later, or a TLS tunnel)</source>
        <translation>%1 (wenn der Server nur TLS spricht, bricht er unverschlüsselte Verbindungen so ab: verwenden Sie rediss://, was hiredis 1.0 oder neuer braucht, oder einen TLS-Tunnel)</translation>
    </message>
    <message>
        <source>%1 holds %2 bytes, more than the %3 shown; not fetched</source>
        <translation>%1 enthält %2 Bytes, mehr als die angezeigten %3; nicht geholt</translation>
    </message>
    <message>
        <source>%1 holds %2 bytes, more than the %3 bytes KernelLens fetches; not read</source>
        <translation>%1 enthält %2 Bytes, mehr als die %3 Bytes, die KernelLens holt; nicht gelesen</translation>
    </message>
    <message>
        <source>%1 on %2 holds %3, more than the %4 a pull accepts; not fetched</source>
        <translation>%1 auf %2 enthält %3, mehr als die %4, die ein Pull annimmt; nicht geholt</translation>
    </message>
</context>
<context>
    <name>kl::report</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>kl::roots</name>
    <message>
        <source>default (%1)</source>
        <translation>Standardpfad (%1)</translation>
    </message>
    <message>
        <source>%1 is set but empty: Triton 3.3+ stops with &quot;Could not create or locate cache dir&quot;; older versions use the default</source>
        <translation>%1 ist gesetzt, aber leer: Triton 3.3+ bricht mit „Could not create or locate cache dir“ ab; ältere Versionen verwenden den Standardpfad</translation>
    </message>
    <message>
        <source>given</source>
        <translation>ausdrücklich angegeben</translation>
    </message>
    <message>
        <source>TorchInductor&apos;s default (%1)</source>
        <translation>Standardpfad von TorchInductor (%1)</translation>
    </message>
</context>
<context>
    <name>kl::sass</name>
    <message>
        <source>KERNELLENS_NVDISASM names %1, which is not an executable file</source>
        <translation>KERNELLENS_NVDISASM nennt %1, das keine ausführbare Datei ist</translation>
    </message>
    <message>
        <source>nvdisasm not found: install the CUDA Toolkit or Triton (its wheel ships nvdisasm), or pip install nvidia-cuda-nvdisasm, or set KERNELLENS_NVDISASM to its path</source>
        <translation>nvdisasm nicht gefunden: installieren Sie das CUDA Toolkit oder Triton (sein Wheel enthält nvdisasm), oder pip install nvidia-cuda-nvdisasm, oder setzen Sie KERNELLENS_NVDISASM auf seinen Pfad</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a CUDA cubin: %2</source>
        <translation>%1 ist kein CUDA-Cubin: %2</translation>
    </message>
    <message>
        <source>cannot disassemble %1: %2</source>
        <translation>%1 kann nicht disassembliert werden: %2</translation>
    </message>
    <message>
        <source>%1 is older than the sm_%2 code in %3 (%4): use a newer one, e.g. with KERNELLENS_NVDISASM</source>
        <translation>%1 ist älter als der sm_%2-Code in %3 (%4): verwenden Sie ein neueres, z. B. mit KERNELLENS_NVDISASM</translation>
    </message>
    <message>
        <source>%1 failed on %2 with exit code %3: %4</source>
        <translation>%1 ist bei %2 mit Exit-Code %3 gescheitert: %4</translation>
    </message>
    <message>
        <source>the disassembly of %1 is over 1 GiB; not read</source>
        <translation>die Disassemblierung von %1 ist größer als 1 GiB; nicht gelesen</translation>
    </message>
    <message>
        <source>%1 printed no code for %2</source>
        <translation>%1 hat für %2 keinen Code ausgegeben</translation>
    </message>
    <message>
        <source>%1 has no line info (it was compiled without -lineinfo): instructions cannot be linked to source lines</source>
        <translation>%1 hat keine Zeileninformation (ohne -lineinfo übersetzt): Instruktionen lassen sich keinen Quellzeilen zuordnen</translation>
    </message>
    <message>
        <source>%1, nvdisasm %2 (%3, found by %4), from KernelLens&apos;s SASS cache</source>
        <translation>%1, nvdisasm %2 (%3, gefunden über %4), aus dem SASS-Cache von KernelLens</translation>
    </message>
    <message>
        <source>%1, nvdisasm %2 (%3, found by %4)</source>
        <translation>%1, nvdisasm %2 (%3, gefunden über %4)</translation>
    </message>
    <message>
        <source>cannot disassemble %1: cannot write a temporary file for nvdisasm: %2</source>
        <translation>%1 kann nicht disassembliert werden: keine temporäre Datei für nvdisasm schreibbar: %2</translation>
    </message>
    <message>
        <source>%1 is larger than 256 MiB: not disassembled</source>
        <translation>%1 ist größer als 256 MiB: nicht disassembliert</translation>
    </message>
</context>
<context>
    <name>kl::scan</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot list %1: %2</source>
        <translation>%1 kann nicht aufgelistet werden: %2</translation>
    </message>
    <message>
        <source>not searched (nested deeper than %1 levels): %2</source>
        <translation>nicht durchsucht (tiefer als %1 Ebenen verschachtelt): %2</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>found inside %1</source>
        <translation>gefunden innerhalb von %1</translation>
    </message>
    <message>
        <source>folder name is not valid UTF-8: %1</source>
        <translation>Ordnername ist kein gültiges UTF-8: %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>file name is not valid UTF-8: %1</source>
        <translation>Dateiname ist kein gültiges UTF-8: %1</translation>
    </message>
    <message>
        <source>temporary folder %1 left by an interrupted (or running) write</source>
        <translation>temporärer Ordner %1, zurückgelassen von einem abgebrochenen (oder noch laufenden) Schreibvorgang</translation>
    </message>
    <message>
        <source>%1 disappeared while it was being read</source>
        <translation>%1 ist während des Lesens verschwunden</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 is empty (0 bytes)</source>
        <translation>%1 ist leer (0 Bytes)</translation>
    </message>
    <message>
        <source>cannot stat %1: %2</source>
        <translation>stat für %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>entry folder %1 holds no kernel files</source>
        <translation>Eintragsordner %1 enthält keine Kernel-Dateien</translation>
    </message>
    <message>
        <source>no metadata file %1</source>
        <translation>Metadatendatei %1 fehlt</translation>
    </message>
    <message>
        <source>no group file %1: Triton treats this entry as a miss</source>
        <translation>Gruppendatei %1 fehlt: Triton wertet diesen Eintrag als Fehlzugriff</translation>
    </message>
    <message>
        <source>metadata names kernel &quot;%1&quot; but its files are named &quot;%2&quot;</source>
        <translation>die Metadaten nennen den Kernel „%1“, seine Dateien heißen aber „%2“</translation>
    </message>
    <message>
        <source>folder name %1 is not the %2 encoding of metadata hash %3 (expected %4)</source>
        <translation>Ordnername %1 ist nicht die %2-Kodierung des Metadaten-Hashes %3 (erwartet: %4)</translation>
    </message>
    <message>
        <source>group file in %1 names child &quot;%2&quot;, which would leave the entry; not followed</source>
        <translation>Gruppendatei in %1 nennt die Datei „%2“, die aus dem Eintrag hinausführen würde; nicht verfolgt</translation>
    </message>
    <message>
        <source>group file in %1 records %2 for %3, a path outside this entry; not followed</source>
        <translation>Gruppendatei in %1 erfasst %2 für %3, einen Pfad außerhalb dieses Eintrags; nicht verfolgt</translation>
    </message>
    <message>
        <source>group file lists %1, which does not exist</source>
        <translation>Gruppendatei nennt %1, doch diese Datei existiert nicht</translation>
    </message>
    <message>
        <source>group file records children under %1 but the entry lies at %2: Triton checks the recorded paths, so it will miss and recompile</source>
        <translation>Gruppendatei erfasst Dateien unter %1, der Eintrag liegt aber unter %2: Triton prüft die erfassten Pfade, daher kommt es zu einem Fehlzugriff und einer Neukompilierung</translation>
    </message>
    <message>
        <source>temporary file %1 left by an interrupted (or running) write</source>
        <translation>temporäre Datei %1, zurückgelassen von einem abgebrochenen (oder noch laufenden) Schreibvorgang</translation>
    </message>
    <message>
        <source>%1 is a symbolic link; it is listed but not followed</source>
        <translation>%1 ist ein symbolischer Link; er wird aufgelistet, aber nicht verfolgt</translation>
    </message>
    <message>
        <source>%1 is not a regular file or folder; ignored</source>
        <translation>%1 ist weder reguläre Datei noch Ordner; ignoriert</translation>
    </message>
    <message>
        <source>%1 is a symbolic link; not followed</source>
        <translation>%1 ist ein symbolischer Link; nicht verfolgt</translation>
    </message>
    <message>
        <source>%1 has no stage &quot;%2&quot; (it has: none)</source>
        <translation>%1 hat keine Stufe „%2“ (vorhanden: keine)</translation>
    </message>
    <message>
        <source>%1 has no stage &quot;%2&quot; (it has: %3)</source>
        <translation>%1 hat keine Stufe „%2“ (vorhanden: %3)</translation>
    </message>
    <message>
        <source>%1 lists its children by name, as Triton&apos;s remote cache stores it: Triton&apos;s file cache fails on it</source>
        <translation>%1 führt seine Dateien nur mit Namen auf, so wie der Remote-Cache von Triton sie speichert: der Datei-Cache von Triton scheitert daran</translation>
    </message>
    <message>
        <source>%1: file of %2 bytes exceeds the limit of %3 bytes for metadata</source>
        <translation>%1: Datei mit %2 Bytes überschreitet die Grenze von %3 Bytes für Metadaten</translation>
    </message>
    <message>
        <source>cannot create index folder %1: %2</source>
        <translation>Index-Ordner %1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>it holds a .sass file, which Triton writes only into dump folders</source>
        <translation>er enthält eine .sass-Datei, die Triton nur in Dump-Ordner schreibt</translation>
    </message>
    <message>
        <source>it holds every stage from TTIR to the binary but no metadata, as TRITON_KERNEL_DUMP writes them (a compile writes its metadata right after the binary)</source>
        <translation>er enthält jede Stufe von TTIR bis zur Binärdatei, aber keine Metadaten, so wie TRITON_KERNEL_DUMP sie schreibt (eine Kompilierung schreibt ihre Metadaten direkt nach der Binärdatei)</translation>
    </message>
    <message>
        <source>it holds only %1: a compile writes its stages in order from the source on, so none stops leaving these alone (a hand-made override folder)</source>
        <translation>er enthält nur %1: eine Kompilierung schreibt ihre Stufen der Reihe nach ab der Quelle, keine bricht also so ab, dass nur diese übrig bleiben (ein von Hand angelegter Override-Ordner)</translation>
    </message>
    <message>
        <source>Triton&apos;s dump folder (%1): its folders are dumps, not cache entries</source>
        <translation>Tritons Dump-Ordner (%1): seine Ordner sind Dumps, keine Cache-Einträge</translation>
    </message>
    <message>
        <source>Triton&apos;s override folder (%1): its folders are a user&apos;s edits, not cache entries</source>
        <translation>Tritons Override-Ordner (%1): seine Ordner sind Änderungen eines Benutzers, keine Cache-Einträge</translation>
    </message>
    <message>
        <source>laid out as Triton&apos;s default dump folder (.triton/dump): its folders are dumps, not cache entries</source>
        <translation>angelegt wie Tritons Standard-Dump-Ordner (.triton/dump): seine Ordner sind Dumps, keine Cache-Einträge</translation>
    </message>
    <message>
        <source>laid out as Triton&apos;s default override folder (.triton/override): its folders are a user&apos;s edits, not cache entries</source>
        <translation>angelegt wie Tritons Standard-Override-Ordner (.triton/override): seine Ordner sind Änderungen eines Benutzers, keine Cache-Einträge</translation>
    </message>
    <message>
        <source>%1 is a Triton dump folder inside a cache, not a cache entry: %2</source>
        <translation>%1 ist ein Triton-Dump-Ordner in einem Cache, kein Cache-Eintrag: %2</translation>
    </message>
    <message>
        <source>%1 is a Triton override folder inside a cache, not a cache entry: %2</source>
        <translation>%1 ist ein Triton-Override-Ordner in einem Cache, kein Cache-Eintrag: %2</translation>
    </message>
</context>
<context>
    <name>kl::storage</name>
    <message>
        <source>invalid cache key &quot;%1&quot;: expected a sha256 digest as 64 hex digits</source>
        <translation>ungültiger Cache-Schlüssel &quot;%1&quot;: erwartet wird ein sha256-Digest aus 64 Hexadezimalziffern</translation>
    </message>
    <message>
        <source>cannot create cache folder %1: %2</source>
        <translation>Cache-Ordner %1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot open cache root %1: %2</source>
        <translation>Cache-Wurzel %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot sync cache root %1: %2</source>
        <translation>Cache-Wurzel %1 kann nicht synchronisiert werden: %2</translation>
    </message>
    <message>
        <source>cannot create entry folder %1: %2</source>
        <translation>Eintragsordner %1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot open entry folder %1: %2 (not a plain folder?)</source>
        <translation>Eintragsordner %1 kann nicht geöffnet werden: %2 (kein gewöhnlicher Ordner?)</translation>
    </message>
    <message>
        <source>cannot open entry folder %1: it keeps disappearing (a cleaner running?)</source>
        <translation>Eintragsordner %1 kann nicht geöffnet werden: er verschwindet immer wieder (läuft eine Bereinigung?)</translation>
    </message>
    <message>
        <source>cannot create temp folder %1: %2</source>
        <translation>temporärer Ordner %1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot open temp folder %1: %2</source>
        <translation>temporärer Ordner %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot create a temp folder in %1: every random name was taken</source>
        <translation>in %1 kann kein temporärer Ordner angelegt werden: jeder zufällige Name war vergeben</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot rename into place %1: %2</source>
        <translation>%1 kann nicht an seinen Platz umbenannt werden: %2</translation>
    </message>
    <message>
        <source>cannot remove temp folder %1: %2</source>
        <translation>temporärer Ordner %1 kann nicht entfernt werden: %2</translation>
    </message>
    <message>
        <source>cannot sync entry folder %1: %2</source>
        <translation>Eintragsordner %1 kann nicht synchronisiert werden: %2</translation>
    </message>
    <message>
        <source>empty kernel name</source>
        <translation>leerer Kernelname</translation>
    </message>
    <message>
        <source>kernel name &quot;%1&quot; is not valid UTF-8</source>
        <translation>Kernelname &quot;%1&quot; ist kein gültiges UTF-8</translation>
    </message>
    <message>
        <source>kernel name &quot;%1&quot; cannot name files in a cache entry</source>
        <translation>Kernelname &quot;%1&quot; kann keine Dateien in einem Cache-Eintrag benennen</translation>
    </message>
    <message>
        <source>no metadata file &quot;%1&quot; among the files to store</source>
        <translation>keine Metadatendatei &quot;%1&quot; unter den zu speichernden Dateien</translation>
    </message>
    <message>
        <source>file name &quot;%1&quot; is not &quot;%2.&lt;ext&gt;&quot; (a plain name in the entry folder)</source>
        <translation>Dateiname &quot;%1&quot; ist nicht &quot;%2.&lt;ext&gt;&quot; (ein einfacher Name im Eintragsordner)</translation>
    </message>
    <message>
        <source>cache root %1 is not valid UTF-8: its group files could not record the paths readably</source>
        <translation>Cache-Wurzel %1 ist kein gültiges UTF-8: ihre Gruppendateien könnten die Pfade nicht lesbar festhalten</translation>
    </message>
    <message>
        <source>cannot store into %1: %2</source>
        <translation>in %1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>no cache root %1</source>
        <translation>keine Cache-Wurzel %1</translation>
    </message>
    <message>
        <source>no entry folder %1</source>
        <translation>kein Eintragsordner %1</translation>
    </message>
    <message>
        <source>cannot open entry folder %1: %2</source>
        <translation>der Eintragsordner %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>kernel name &quot;%1&quot; cannot name a group file</source>
        <translation>Kernelname &quot;%1&quot; kann keine Gruppendatei benennen</translation>
    </message>
    <message>
        <source>cannot list entry folder %1: %2</source>
        <translation>Eintragsordner %1 kann nicht aufgelistet werden: %2</translation>
    </message>
    <message>
        <source>no group file in %1 (an interrupted or running write)</source>
        <translation>keine Gruppendatei in %1 (ein abgebrochener oder laufender Schreibvorgang)</translation>
    </message>
    <message>
        <source>several group files in %1 (%2, %3): name the kernel</source>
        <translation>mehrere Gruppendateien in %1 (%2, %3): den Kernel angeben</translation>
    </message>
    <message>
        <source>no group file %1</source>
        <translation>keine Gruppendatei %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>corrupt group file %1: %2</source>
        <translation>beschädigte Gruppendatei %1: %2</translation>
    </message>
    <message>
        <source>group file %1 names &quot;%2&quot;, which is not a file of this entry</source>
        <translation>Gruppendatei %1 nennt &quot;%2&quot;, keine Datei dieses Eintrags</translation>
    </message>
    <message>
        <source>group file %1 lists %2, which does not exist</source>
        <translation>Gruppendatei %1 führt %2 auf, das nicht existiert</translation>
    </message>
    <message>
        <source>cannot read %1: %2 bytes exceed the limit of %3</source>
        <translation>%1 kann nicht gelesen werden: %2 Bytes überschreiten die Grenze von %3</translation>
    </message>
    <message>
        <source>group file %1 does not list the metadata %2</source>
        <translation>Gruppendatei %1 führt die Metadaten %2 nicht auf</translation>
    </message>
    <message>
        <source>cannot store &quot;%1&quot; into %2: not a plain file name</source>
        <translation>&quot;%1&quot; kann nicht in %2 gespeichert werden: kein einfacher Dateiname</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a plain file name</source>
        <translation>&quot;%1&quot; ist kein einfacher Dateiname</translation>
    </message>
    <message>
        <source>no file %1</source>
        <translation>keine Datei %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2 bytes exceed the limit</source>
        <translation>%1 kann nicht gelesen werden: %2 Bytes überschreiten die Grenze</translation>
    </message>
    <message>
        <source>exists and is not a folder</source>
        <translation>existiert und ist kein Ordner</translation>
    </message>
    <message>
        <source>cannot restore &quot;%1&quot; into %2: not a plain folder name</source>
        <translation>&quot;%1&quot; kann nicht in %2 wiederhergestellt werden: kein einfacher Ordnername</translation>
    </message>
    <message>
        <source>cannot restore %1: &quot;%2&quot; is not a plain file name</source>
        <translation>%1 kann nicht wiederhergestellt werden: &quot;%2&quot; ist kein einfacher Dateiname</translation>
    </message>
    <message>
        <source>entry folder %1 exists already</source>
        <translation>Eintragsordner %1 existiert bereits</translation>
    </message>
</context>
<context>
    <name>kl::trace</name>
    <message>
        <source>the trace could not be written: %1</source>
        <translation>Der Trace konnte nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>cannot write the trace to standard output: %1</source>
        <translation>Der Trace kann nicht auf die Standardausgabe geschrieben werden: %1</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>%1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot rename %1 to %2: %3</source>
        <translation>%1 kann nicht in %2 umbenannt werden: %3</translation>
    </message>
    <message>
        <source>%1 has no cubin</source>
        <translation>%1 hat kein Cubin</translation>
    </message>
    <message>
        <source>%1: the cubin could not be read: %2</source>
        <translation>%1: das Cubin konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1: the cubin holds no kernel named %2</source>
        <translation>%1: das Cubin enthält keinen Kernel namens %2</translation>
    </message>
    <message>
        <source>%1 is an Inductor Triton kernel (%2) but no opened cache holds it</source>
        <translation>%1 ist ein Triton-Kernel von Inductor (%2), aber kein geöffneter Cache enthält ihn</translation>
    </message>
    <message>
        <source>Open Inductor&apos;s Triton cache of that run, usually %1/triton (or TORCHINDUCTOR_CACHE_DIR/triton), with --cache</source>
        <translation>Den Triton-Cache von Inductor aus diesem Lauf mit --cache öffnen, meist %1/triton (oder TORCHINDUCTOR_CACHE_DIR/triton)</translation>
    </message>
    <message>
        <source>%1 registers and %2 bytes of shared memory in %3</source>
        <translation>%1 Register und %2 Byte Shared Memory in %3</translation>
    </message>
    <message>
        <source>The binary that ran is not the one in the cache: %1 ran %2 times with %3 registers per thread, %4 bytes of shared memory and %5 threads per block, but the cache has %6. Likely cause: the entry was compiled again after the run (another Triton or CUDA version, changed options or source) or the run used another cache folder</source>
        <translation>Die gelaufene Binärdatei ist nicht die im Cache: %1 lief %2-mal mit %3 Registern pro Thread, %4 Byte Shared Memory und %5 Threads pro Block, aber der Cache hat %6. Wahrscheinliche Ursache: der Eintrag wurde nach dem Lauf neu kompiliert (andere Triton- oder CUDA-Version, geänderte Optionen oder Quelltext) oder der Lauf nutzte einen anderen Cache-Ordner</translation>
    </message>
    <message>
        <source>Compare the entries with `klens explain`, check that the job&apos;s TRITON_CACHE_DIR is this cache, then profile again; `klens clean` removes the stale entries</source>
        <translation>Die Einträge mit `klens explain` vergleichen, prüfen, ob TRITON_CACHE_DIR des Jobs dieser Cache ist, dann erneut profilieren; `klens clean` entfernt die veralteten Einträge</translation>
    </message>
    <message>
        <source>%1 ran on sm_%2 with %3 threads per block, but the cache&apos;s entries of that name are for other GPUs or warp counts (%4)</source>
        <translation>%1 lief auf sm_%2 mit %3 Threads pro Block, aber die Cache-Einträge dieses Namens sind für andere GPUs oder Warp-Anzahlen (%4)</translation>
    </message>
    <message>
        <source>Open the cache the profiled job wrote (its TRITON_CACHE_DIR on that machine)</source>
        <translation>Den Cache öffnen, den der profilierte Job geschrieben hat (sein TRITON_CACHE_DIR auf jener Maschine)</translation>
    </message>
    <message>
        <source>%1 ran as %2 different binaries in this trace (registers per thread: %3): specialisations that share its name, or a recompile during the run</source>
        <translation>%1 lief in diesem Trace als %2 verschiedene Binärdateien (Register pro Thread: %3): Spezialisierungen mit demselben Namen oder eine Neukompilierung während des Laufs</translation>
    </message>
    <message>
        <source>Look for recompiles (`klens stats`) and for entries of this kernel that differ only in their key (`klens explain`)</source>
        <translation>Nach Neukompilierungen (`klens stats`) und nach Einträgen dieses Kernels suchen, die sich nur im Schlüssel unterscheiden (`klens explain`)</translation>
    </message>
    <message>
        <source>%1: JSON, but not a profiler trace: no &quot;traceEvents&quot; array (a Chrome trace is an object holding one, or an array of events)</source>
        <translation>%1: JSON, aber kein Profiler-Trace: kein &quot;traceEvents&quot;-Array (ein Chrome-Trace ist ein Objekt, das eines enthält, oder ein Array von Ereignissen)</translation>
    </message>
    <message>
        <source>the file ends in the middle of the JSON (a trace cut off while being written, e.g. by a killed job)</source>
        <translation>die Datei endet mitten im JSON (ein beim Schreiben abgebrochener Trace, z. B. durch einen beendeten Job)</translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation>ungültiges JSON: %1</translation>
    </message>
    <message>
        <source>%1: read up to byte %2 only: %3; the %4 events before it are kept</source>
        <translation>%1: nur bis Byte %2 gelesen: %3; die %4 Ereignisse davor bleiben erhalten</translation>
    </message>
    <message>
        <source>%1: the file is empty</source>
        <translation>%1: die Datei ist leer</translation>
    </message>
    <message>
        <source>%1: not a profiler trace: at byte %2: %3</source>
        <translation>%1: kein Profiler-Trace: bei Byte %2: %3</translation>
    </message>
    <message>
        <source>%1: is a symbolic link; give the file it points to</source>
        <translation>%1: ist ein symbolischer Link; die Datei angeben, auf die er zeigt</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1: kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1: keine reguläre Datei</translation>
    </message>
    <message>
        <source>%1: read failed at byte %2: %3</source>
        <translation>%1: Lesen bei Byte %2 fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>%1: cannot start gzip decompression</source>
        <translation>%1: gzip-Entpacken kann nicht gestartet werden</translation>
    </message>
    <message>
        <source>%1: the gzip data is corrupt at compressed byte %2: %3</source>
        <translation>%1: die gzip-Daten sind bei komprimiertem Byte %2 beschädigt: %3</translation>
    </message>
    <message>
        <source>%1: the gzip data ends early at compressed byte %2 (a file cut off while being written or copied)</source>
        <translation>%1: die gzip-Daten enden vorzeitig bei komprimiertem Byte %2 (eine beim Schreiben oder Kopieren abgeschnittene Datei)</translation>
    </message>
    <message>
        <source>%1: reading was cancelled at byte %2</source>
        <translation>%1: das Lesen wurde bei Byte %2 abgebrochen</translation>
    </message>
    <message>
        <source>%1: a single JSON value starting at byte %2 is longer than %3 MiB; a trace has no such values, so the file is refused there</source>
        <translation>%1: ein einzelner JSON-Wert ab Byte %2 ist länger als %3 MiB; ein Trace hat keine solchen Werte, daher wird die Datei dort abgewiesen</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>--comm &quot;%1&quot;: an empty pattern would name every kernel</source>
        <translation>--comm &quot;%1&quot;: ein leeres Muster würde jeden Kernel erfassen</translation>
    </message>
    <message>
        <source>--comm &quot;%1&quot; is not a valid regular expression (ECMAScript): %2</source>
        <translation>--comm &quot;%1&quot; ist kein gültiger regulärer Ausdruck (ECMAScript): %2</translation>
    </message>
</context>
<context>
    <name>kl::tritonrun</name>
    <message>
        <source>the metadata of %1 is not a JSON object</source>
        <translation>die Metadaten von %1 sind kein JSON-Objekt</translation>
    </message>
    <message>
        <source>%1: %2 arguments, the kernel takes %3: %4</source>
        <translation>%1: %2 Argumente, der Kernel nimmt %3: %4</translation>
    </message>
    <message>
        <source>the kernel&apos;s %1 is a tensor descriptor: KernelLens cannot make one</source>
        <translation>%1 des Kernels ist ein Tensor-Deskriptor: KernelLens kann keinen erzeugen</translation>
    </message>
    <message>
        <source>the kernel&apos;s %1: KernelLens fills f16, f32, f64, i32 and i64 only</source>
        <translation>%1 des Kernels: KernelLens füllt nur f16, f32, f64, i32 und i64</translation>
    </message>
    <message>
        <source>%1: argument %2 is %3, the kernel&apos;s is %4</source>
        <translation>%1: Argument %2 ist %3, das des Kernels ist %4</translation>
    </message>
    <message>
        <source>%1 launches as clusters of %2 CTAs: KernelLens launches one CTA a block</source>
        <translation>%1 startet als Cluster aus %2 CTAs: KernelLens startet eine CTA je Block</translation>
    </message>
    <message>
        <source>%1 needs a cooperative or programmatic-dependent launch, which KernelLens does not make</source>
        <translation>%1 braucht einen kooperativen oder programmatisch abhängigen Start, den KernelLens nicht ausführt</translation>
    </message>
    <message>
        <source>the PTX of %1 takes %2 parameters and its TTIR %3: not a launch KernelLens knows</source>
        <translation>die PTX von %1 nimmt %2 Parameter, ihr TTIR %3: kein Start, den KernelLens kennt</translation>
    </message>
    <message>
        <source>%1: no problem size `%2` (%3)</source>
        <translation>%1: keine Problemgröße `%2` (%3)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>the original kernel</source>
        <translation>der ursprüngliche Kernel</translation>
    </message>
    <message>
        <source>the edited kernel</source>
        <translation>der geänderte Kernel</translation>
    </message>
    <message>
        <source>cannot load %1 on %2: %3</source>
        <translation>%1 lässt sich auf %2 nicht laden: %3</translation>
    </message>
    <message>
        <source>%1 failed on %2: %3</source>
        <translation>%1 schlug auf %2 fehl: %3</translation>
    </message>
    <message>
        <source>the edit changes the output: %1</source>
        <translation>die Änderung ändert die Ausgabe: %1</translation>
    </message>
    <message>
        <source>%1 names no `out` or `inout` buffer: nothing to compare</source>
        <translation>%1 nennt keinen `out`- oder `inout`-Puffer: nichts zu vergleichen</translation>
    </message>
    <message>
        <source>both kernels wrote the same outputs (%1 elements in %2 buffers)</source>
        <translation>beide Kernel schrieben dieselben Ausgaben (%1 Elemente in %2 Puffern)</translation>
    </message>
    <message>
        <source>the TTIR&apos;s `tt.func @%1(` does not close</source>
        <translation>`tt.func @%1(` im TTIR wird nicht geschlossen</translation>
    </message>
    <message>
        <source>the TTIR&apos;s `tt.func @%1` has a parameter KernelLens cannot read: %2</source>
        <translation>`tt.func @%1` im TTIR hat einen Parameter, den KernelLens nicht lesen kann: %2</translation>
    </message>
    <message>
        <source>the TTIR has no `tt.func @%1`</source>
        <translation>das TTIR hat kein `tt.func @%1`</translation>
    </message>
    <message>
        <source>the PTX&apos;s `.entry %1(` does not close</source>
        <translation>`.entry %1(` in der PTX wird nicht geschlossen</translation>
    </message>
    <message>
        <source>the PTX has no `.entry %1`</source>
        <translation>die PTX hat kein `.entry %1`</translation>
    </message>
    <message>
        <source>%1: the buffers of problem size `%2` take %3 bytes, more than a quarter of this machine&apos;s memory (%4 bytes)</source>
        <translation>%1: die Puffer der Problemgröße `%2` belegen %3 Bytes, mehr als ein Viertel des Speichers dieser Maschine (%4 Bytes)</translation>
    </message>
</context>
<context>
    <name>kl::util</name>
    <message>
        <source>libmagic could not start</source>
        <translation>libmagic konnte nicht gestartet werden</translation>
    </message>
    <message>
        <source>libmagic could not load its database: %1</source>
        <translation>libmagic konnte seine Datenbank nicht laden: %1</translation>
    </message>
    <message>
        <source>no command</source>
        <translation>kein Befehl</translation>
    </message>
    <message>
        <source>cannot make a pipe for %1: %2</source>
        <translation>für %1 lässt sich keine Pipe anlegen: %2</translation>
    </message>
    <message>
        <source>%1 not found on PATH</source>
        <translation>%1 nicht im PATH gefunden</translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation>%1 kann nicht ausgeführt werden: %2</translation>
    </message>
    <message>
        <source>cannot wait for %1: %2</source>
        <translation>auf %1 kann nicht gewartet werden: %2</translation>
    </message>
    <message>
        <source>%1 did not finish within %2</source>
        <translation>%1 wurde nicht innerhalb von %2 fertig</translation>
    </message>
    <message>
        <source>%1 was cancelled</source>
        <translation>%1 wurde abgebrochen</translation>
    </message>
    <message>
        <source>%1 was killed by signal %2</source>
        <translation>%1 wurde durch Signal %2 beendet</translation>
    </message>
    <message>
        <source>libmagic could not be loaded (%1)</source>
        <translation>libmagic konnte nicht geladen werden (%1)</translation>
    </message>
    <message>
        <source>%1 lacks %2</source>
        <translation>%1 fehlt %2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Browse GPU kernel compile caches (Triton, NVRTC). With no folder, opens the caches Triton would use in this environment.</source>
        <translation>GPU-Kernel-Compile-Caches durchsuchen (Triton, NVRTC). Ohne Ordner werden die Caches geöffnet, die Triton in dieser Umgebung verwenden würde.</translation>
    </message>
    <message>
        <source>Cache folders to open.</source>
        <translation>Zu öffnende Cache-Ordner.</translation>
    </message>
    <message>
        <source>Open a temporary copy of the bundled demo cache.</source>
        <translation>Eine temporäre Kopie des mitgelieferten Demo-Caches öffnen.</translation>
    </message>
    <message>
        <source>Compare two entry folders (their text stages) or two files: kernellens --diff A B.</source>
        <translation>Zwei Eintragsordner (ihre Textstufen) oder zwei Dateien vergleichen: kernellens --diff A B.</translation>
    </message>
    <message>
        <source>Select the entry whose folder name starts with PREFIX once the scan ends.</source>
        <translation>Nach dem Scan den Eintrag auswählen, dessen Ordnername mit PREFIX beginnt.</translation>
    </message>
    <message>
        <source>%1 ↔ %2 — KernelLens</source>
        <translation>%1 ↔ %2 — KernelLens</translation>
    </message>
    <message>
        <source>Open Triton&apos;s Redis remote cache at URL (redis://host:port/db).</source>
        <translation>Den Redis-Remote-Cache von Triton unter URL öffnen (redis://host:port/db).</translation>
    </message>
    <message>
        <source>Open a PyTorch profiler trace (.json, .json.gz) on the Trace page; repeat for one trace per rank.</source>
        <translation>Einen PyTorch-Profiler-Trace (.json, .json.gz) auf der Seite „Trace“ öffnen; wiederholen für einen Trace pro Rank.</translation>
    </message>
    <message>
        <source>Once the scan ends, show WHAT (comma-separated): dashboard, trace, grouped, metadata, doctor, clean, open-remote, make-override.</source>
        <translation>Nach dem Scan WHAT zeigen (durch Kommas getrennt): dashboard, trace, grouped, metadata, doctor, clean, open-remote, make-override.</translation>
    </message>
    <message>
        <source>Show this stage of the selected entry (ttir, ttgir, llir, ptx, cubin, sass, ...), or lines:FILE:LINE for the Lines tab on that source line.</source>
        <translation>Diese Stufe des gewählten Eintrags zeigen (ttir, ttgir, llir, ptx, cubin, sass, ...), oder lines:DATEI:ZEILE für den Reiter Lines auf dieser Quellzeile.</translation>
    </message>
</context>
</TS>
