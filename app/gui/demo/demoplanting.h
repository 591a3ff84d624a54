#pragma once

// What makes the demo copy show every feature: group files pointing where the copy lies (so the
// entries are healthy), and a few problems planted on purpose for the doctor and the cleaner.

#include <QString>
#include <QStringList>

namespace kl::gui {

/// Copy a folder tree (files keep their modification times). False with `error` naming the path.
bool copyTree(const QString& source, const QString& target, QString* error);

/// Rewrite each entry's path-map group file to record the entry's own folder, as Triton would
/// have written it there. With `leaveOneMoved` the first kernel entry keeps the paths it was
/// generated with (the doctor's "moved-cache").
void relocateGroupFiles(const QString& cache, bool leaveOneMoved);

/// Plant in `cache`: an entry missing a child (incomplete), one whose metadata is cut off
/// (corrupt), and a temp folder of a writer that is gone (orphan). Returns one line per problem.
QStringList plantProblems(const QString& cache);

} // namespace kl::gui
