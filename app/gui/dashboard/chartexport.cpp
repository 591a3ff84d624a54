#include "chartexport.h"

#include <QAbstractItemModel>
#include <QGraphicsView>
#include <QPainter>
#include <QPixmap>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>

namespace kl::gui {
namespace {

class Tr {
    Q_DECLARE_TR_FUNCTIONS(ChartExport)
};

QString csvField(const QString& s)
{
    const bool quote = s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')) ||
                       s.contains(QLatin1Char('\n')) || s.contains(QLatin1Char('\r')) ||
                       (!s.isEmpty() && (s.front().isSpace() || s.back().isSpace()));
    if (!quote)
        return s;
    QString q = s;
    q.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QString cellText(const QVariant& v)
{
    if (v.typeId() == QMetaType::Double)
        return QString::number(v.toDouble(), 'g', 15); // locale-free, no needless digits
    return v.toString();
}

bool fail(QString* error, const QString& why)
{
    if (error)
        *error = why;
    return false;
}

bool open(QSaveFile& file, QString* error)
{
    if (file.open(QIODevice::WriteOnly))
        return true;
    return fail(error, Tr::tr("cannot write %1: %2").arg(file.fileName(), file.errorString()));
}

bool commit(QSaveFile& file, QString* error)
{
    if (file.commit())
        return true;
    return fail(error, Tr::tr("cannot write %1: %2").arg(file.fileName(), file.errorString()));
}

} // namespace

QString modelToCsv(const QAbstractItemModel& model)
{
    QString out;
    const int columns = model.columnCount();
    QStringList fields;
    for (int c = 0; c < columns; ++c)
        fields << csvField(model.headerData(c, Qt::Horizontal).toString());
    out += fields.join(QLatin1Char(',')) + QLatin1String("\r\n");
    for (int r = 0; r < model.rowCount(); ++r) {
        fields.clear();
        for (int c = 0; c < columns; ++c) {
            const QModelIndex i = model.index(r, c);
            QVariant v = model.data(i, Qt::EditRole);
            if (!v.isValid())
                v = model.data(i, Qt::DisplayRole);
            fields << csvField(cellText(v));
        }
        out += fields.join(QLatin1Char(',')) + QLatin1String("\r\n");
    }
    return out;
}

bool saveCsv(const QAbstractItemModel& model, const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!open(file, error))
        return false;
    file.write(modelToCsv(model).toUtf8());
    return commit(file, error);
}

bool savePng(QWidget* widget, const QString& path, QString* error)
{
    const QPixmap pixmap = widget->grab();
    if (pixmap.isNull())
        return fail(error, Tr::tr("cannot draw the chart for %1").arg(path));
    QSaveFile file(path);
    if (!open(file, error))
        return false;
    if (!pixmap.save(&file, "PNG"))
        return fail(error, Tr::tr("cannot encode %1 as PNG").arg(path));
    return commit(file, error);
}

bool saveSvg(QWidget* widget, const QString& path, const QString& title, QString* error)
{
    QSaveFile file(path);
    if (!open(file, error))
        return false;
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(widget->size());
    svg.setViewBox(QRect(QPoint(0, 0), widget->size()));
    svg.setTitle(title);
    svg.setDescription(Tr::tr("Exported by KernelLens"));
    {
        QPainter painter;
        if (!painter.begin(&svg))
            return fail(error, Tr::tr("cannot draw the chart for %1").arg(path));
        if (auto* view = qobject_cast<QGraphicsView*>(widget))
            view->render(&painter, QRectF(QPointF(0, 0), QSizeF(widget->size())), view->viewport()->rect());
        else
            widget->render(&painter);
    }
    return commit(file, error);
}

} // namespace kl::gui
