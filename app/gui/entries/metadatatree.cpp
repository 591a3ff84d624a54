#include "metadatatree.h"

#include "app/gui/common/coretext.h"
#include "app/gui/common/qstrings.h"

#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

namespace kl::gui {
namespace {

// Objects and arrays become children; JSON that Qt cannot parse (Python's Infinity, NaN) stays text.
void addValue(QTreeWidgetItem* item, const QJsonValue& v)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        item->setText(1, QStringLiteral("{%1}").arg(o.size()));
        for (auto it = o.begin(); it != o.end(); ++it)
            addValue(new QTreeWidgetItem(item, {it.key()}), it.value());
    } else if (v.isArray()) {
        const QJsonArray a = v.toArray();
        item->setText(1, QStringLiteral("[%1]").arg(a.size()));
        for (qsizetype i = 0; i < a.size(); ++i)
            addValue(new QTreeWidgetItem(item, {QString::number(i)}), a.at(i));
    } else {
        item->setText(
            1,
            QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1));
    }
}

void addField(QTreeWidgetItem* group, const MetadataField& f)
{
    auto* item = new QTreeWidgetItem(group, {qs(f.key)});
    const QByteArray wrapped = "[" + QByteArray::fromStdString(f.json) + "]";
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(wrapped, &error);
    if (error.error == QJsonParseError::NoError && doc.isArray() && doc.array().size() == 1)
        addValue(item, doc.array().at(0));
    else
        item->setText(1, qs(f.json));
    item->setToolTip(1, qs(f.json).left(2000));
}

} // namespace

MetadataTree::MetadataTree(QWidget* parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("metadataTree"));
    setColumnCount(2);
    setHeaderLabels({tr("Field"), tr("Value")});
    setUniformRowHeights(true);
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
}

void MetadataTree::setDetail(const EntryDetail& detail)
{
    clear();
    auto group = [this](const QString& title) {
        auto* g = new QTreeWidgetItem(this, {title});
        QFont f = g->font(0);
        f.setBold(true);
        g->setFont(0, f);
        return g;
    };
    auto pair = [](QTreeWidgetItem* g, const QString& k, const QString& v) {
        if (!v.isEmpty())
            new QTreeWidgetItem(g, {k, v});
    };
    const Entry& e = detail.entry;
    QTreeWidgetItem* entry = group(tr("Entry"));
    pair(entry, tr("folder"), qs(e.path));
    pair(entry, tr("kernel"), qs(e.kernel));
    if (detail.metadata) {
        const Metadata& m = *detail.metadata;
        QTreeWidgetItem* target = group(tr("Target"));
        pair(target, QStringLiteral("backend"), qs(m.target.backend));
        pair(target, QStringLiteral("arch"), qs(m.target.arch));
        if (m.target.warpSize)
            pair(target, QStringLiteral("warp_size"), QString::number(m.target.warpSize));
        QTreeWidgetItem* triton = group(tr("Versions"));
        pair(triton, QStringLiteral("triton_version"), qs(m.tritonVersion));
        pair(triton, tr("metadata format"), qs(m.format));
        pair(triton, QStringLiteral("hash"), qs(m.hash));
        QTreeWidgetItem* options = group(tr("Options"));
        for (const MetadataField& f : m.options)
            addField(options, f);
        QTreeWidgetItem* env = group(tr("Environment variables"));
        for (const MetadataField& f : m.envVars)
            addField(env, f);
        if (m.envVars.empty())
            new QTreeWidgetItem(env, {tr("(none recorded)")});
        QTreeWidgetItem* derived = group(tr("Added while lowering"));
        for (const MetadataField& f : m.derived)
            addField(derived, f);
    }
    if (detail.group) {
        QTreeWidgetItem* g = group(tr("Group file"));
        for (const GroupChild& c : detail.group->children)
            new QTreeWidgetItem(g, {qs(c.name), qs(c.recordedPath)});
    }
    if (detail.autotune) {
        QTreeWidgetItem* g = group(tr("Autotune"));
        pair(g, QStringLiteral("key"), qs(detail.autotune->keyJson));
        pair(g, tr("configurations"), QString::number(detail.autotune->configs.size()));
    }
    if (!detail.readError.empty())
        pair(group(tr("Errors")), tr("read"), coreText(detail.readError));
    expandToDepth(0);
}

QTreeWidgetItem* MetadataTree::find(const QString& group, const QString& key) const
{
    for (int g = 0; g < topLevelItemCount(); ++g) {
        QTreeWidgetItem* top = topLevelItem(g);
        if (top->text(0) != group)
            continue;
        for (int i = 0; i < top->childCount(); ++i)
            if (top->child(i)->text(0) == key)
                return top->child(i);
    }
    return nullptr;
}

} // namespace kl::gui
