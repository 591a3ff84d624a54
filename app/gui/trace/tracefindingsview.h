#pragma once

#include "tracedata.h"

#include <QTableWidget>
#include <memory>

namespace kl::gui {

/// The join's findings (a binary that is not the one in the cache, another arch, resources
/// that vary between launches...): severity, code, kernel, what is wrong and the fix.
class TraceFindingsView : public QTableWidget {
    Q_OBJECT

public:
    enum Column { SeverityColumn, CodeColumn, KernelColumn, MessageColumn, FixColumn, NUM_COLUMNS };

    explicit TraceFindingsView(QWidget* parent = nullptr);

    void setTraceData(const std::shared_ptr<const TraceData>& traces);

    /// The height that shows every finding whole when the view is `width` wide: the message and
    /// the fix wrapped in the width the stretched columns would get (the rows' own heights are
    /// not known before the table is laid out).
    int wholeHeight(int width) const;

signals:
    /// A finding was chosen: its kernel (a TraceReport index).
    void kernelChosen(int kernel);
};

} // namespace kl::gui
