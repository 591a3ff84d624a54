#pragma once

// Entry > Doctor on a Redis remote cache: the listing's problems gathered by code, each with its
// severity, the entries it concerns and what to do, as `klens remote doctor` prints them. The
// listing (with its progress and cancel) already read everything; this only arranges it.

#include "core/model/snapshot.h"

#include <QDialog>

class QLabel;
class QTreeWidget;

namespace kl::gui {

class RemoteDoctorDialog : public QDialog {
    Q_OBJECT
public:
    RemoteDoctorDialog(const Snapshot& snapshot, QWidget* parent = nullptr);

    const QTreeWidget* tree() const { return m_tree; }
    QString summaryText() const;

private:
    QLabel* m_summary = nullptr;
    QTreeWidget* m_tree = nullptr;
};

} // namespace kl::gui
