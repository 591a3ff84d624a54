#pragma once

// The metadata tab: what an entry's metadata records, as a tree (target, Triton version and
// format, compile options, cache-invalidating environment variables, fields added while lowering,
// the group file's children). Values stay the JSON text Triton wrote; objects and arrays open as
// children.

#include "core/report/entrydetail.h"

#include <QTreeWidget>

namespace kl::gui {

class MetadataTree : public QTreeWidget {
    Q_OBJECT
public:
    explicit MetadataTree(QWidget* parent = nullptr);

    void setDetail(const EntryDetail& detail);
    /// The item for "Group/key" (a top-level group's title, then a key), or null.
    QTreeWidgetItem* find(const QString& group, const QString& key) const;
};

} // namespace kl::gui
