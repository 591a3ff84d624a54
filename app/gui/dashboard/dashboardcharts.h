#pragma once

// Each dashboard chart drawn from its model: the chart's series and axes are replaced whenever
// the model changes, and every series shows a tooltip with the exact figures on hover.

class QChart;

namespace kl::gui {

class TimelineModel;
class StageBreakdownModel;
class CompileHistogramModel;
class OriginModel;
class SizeShareModel;
class DiskTimelineModel;

void fillHitRateChart(QChart* chart, const TimelineModel& model);
void fillCacheSizeChart(QChart* chart, const TimelineModel& model, const DiskTimelineModel* disk = nullptr);
void fillStageChart(QChart* chart, const StageBreakdownModel& model);
void fillHistogramChart(QChart* chart, const CompileHistogramModel& model);
void fillOriginChart(QChart* chart, const OriginModel& model);
/// The `limit` kernels whose compiles produced the most bytes.
void fillSizeByKernelChart(QChart* chart, const SizeShareModel& model, int limit = 10);
void fillSizeByArchChart(QChart* chart, const SizeShareModel& model);

} // namespace kl::gui
