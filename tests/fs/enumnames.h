#pragma once

#include "core/fs/folderhealth.h"

#include <QString>

// kl::toString(enum) is found by argument-dependent lookup inside QCOMPARE and returns a
// string_view, which Qt Test cannot print: tests compare these names instead.
inline QString str(kl::FsCategory c)
{
    return QString::fromLatin1(kl::toString(c));
}
inline QString str(kl::Severity s)
{
    return QString::fromLatin1(kl::toString(s));
}
