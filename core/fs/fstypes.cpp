#include "fstypes.h"

#include <array>
#include <string>

namespace kl {
namespace {

struct TypeRow {
    std::string_view type;
    FsCategory category;
};

// Kernel filesystem names as /proc/self/mountinfo writes them. Cluster filesystems on shared
// disks (ocfs2, gfs2) count as network: every node writes the same files, with the same rename
// races and lock traffic as NFS. virtiofs and 9p share a folder with a VM host.
constexpr std::array kTypes = {
    TypeRow{"ext2", FsCategory::Local},        TypeRow{"ext3", FsCategory::Local},
    TypeRow{"ext4", FsCategory::Local},        TypeRow{"xfs", FsCategory::Local},
    TypeRow{"btrfs", FsCategory::Local},       TypeRow{"zfs", FsCategory::Local},
    TypeRow{"f2fs", FsCategory::Local},        TypeRow{"bcachefs", FsCategory::Local},
    TypeRow{"jfs", FsCategory::Local},         TypeRow{"reiserfs", FsCategory::Local},
    TypeRow{"nilfs2", FsCategory::Local},      TypeRow{"vfat", FsCategory::Local},
    TypeRow{"msdos", FsCategory::Local},       TypeRow{"exfat", FsCategory::Local},
    TypeRow{"ntfs", FsCategory::Local},        TypeRow{"ntfs3", FsCategory::Local},
    TypeRow{"fuseblk", FsCategory::Local},     TypeRow{"hfsplus", FsCategory::Local},
    TypeRow{"squashfs", FsCategory::Local},    TypeRow{"erofs", FsCategory::Local},
    TypeRow{"iso9660", FsCategory::Local},     TypeRow{"udf", FsCategory::Local},
    TypeRow{"nfs", FsCategory::Network},       TypeRow{"nfs4", FsCategory::Network},
    TypeRow{"cifs", FsCategory::Network},      TypeRow{"smb3", FsCategory::Network},
    TypeRow{"smbfs", FsCategory::Network},     TypeRow{"smb2", FsCategory::Network},
    TypeRow{"lustre", FsCategory::Network},    TypeRow{"gpfs", FsCategory::Network},
    TypeRow{"beegfs", FsCategory::Network},    TypeRow{"fhgfs", FsCategory::Network},
    TypeRow{"ceph", FsCategory::Network},      TypeRow{"cephfs", FsCategory::Network},
    TypeRow{"glusterfs", FsCategory::Network}, TypeRow{"9p", FsCategory::Network},
    TypeRow{"afs", FsCategory::Network},       TypeRow{"openafs", FsCategory::Network},
    TypeRow{"coda", FsCategory::Network},      TypeRow{"ncpfs", FsCategory::Network},
    TypeRow{"orangefs", FsCategory::Network},  TypeRow{"pvfs2", FsCategory::Network},
    TypeRow{"ocfs2", FsCategory::Network},     TypeRow{"gfs2", FsCategory::Network},
    TypeRow{"wekafs", FsCategory::Network},    TypeRow{"panfs", FsCategory::Network},
    TypeRow{"quobyte", FsCategory::Network},   TypeRow{"davfs", FsCategory::Network},
    TypeRow{"virtiofs", FsCategory::Network},  TypeRow{"vboxsf", FsCategory::Network},
    TypeRow{"tmpfs", FsCategory::Memory},      TypeRow{"ramfs", FsCategory::Memory},
    TypeRow{"devtmpfs", FsCategory::Memory},   TypeRow{"overlay", FsCategory::Overlay},
    TypeRow{"overlayfs", FsCategory::Overlay}, TypeRow{"aufs", FsCategory::Overlay},
    TypeRow{"unionfs", FsCategory::Overlay},
};

// FUSE subtypes (the part after "fuse."). Object stores and remote shells are network; union
// filesystems are overlay.
constexpr std::array kFuseTypes = {
    TypeRow{"sshfs", FsCategory::Network},          TypeRow{"s3fs", FsCategory::Network},
    TypeRow{"gcsfuse", FsCategory::Network},        TypeRow{"glusterfs", FsCategory::Network},
    TypeRow{"ceph-fuse", FsCategory::Network},      TypeRow{"ceph", FsCategory::Network},
    TypeRow{"rclone", FsCategory::Network},         TypeRow{"goofys", FsCategory::Network},
    TypeRow{"juicefs", FsCategory::Network},        TypeRow{"mountpoint-s3", FsCategory::Network},
    TypeRow{"blobfuse", FsCategory::Network},       TypeRow{"blobfuse2", FsCategory::Network},
    TypeRow{"cvmfs2", FsCategory::Network},         TypeRow{"mfs", FsCategory::Network},
    TypeRow{"lizardfs", FsCategory::Network},       TypeRow{"beegfs", FsCategory::Network},
    TypeRow{"davfs", FsCategory::Network},          TypeRow{"curlftpfs", FsCategory::Network},
    TypeRow{"alluxio-fuse", FsCategory::Network},   TypeRow{"weka", FsCategory::Network},
    TypeRow{"lustre", FsCategory::Network},         TypeRow{"nfs", FsCategory::Network},
    TypeRow{"ntfs-3g", FsCategory::Local},          TypeRow{"ntfs", FsCategory::Local},
    TypeRow{"fuse-overlayfs", FsCategory::Overlay}, TypeRow{"unionfs", FsCategory::Overlay},
    TypeRow{"mergerfs", FsCategory::Overlay},
};

struct MagicRow {
    std::uint64_t magic;
    std::string_view name;
    FsCategory category;
};

// From <linux/magic.h> and the out-of-tree filesystems' own headers.
constexpr std::array kMagics = {
    MagicRow{0xEF53, "ext2/ext3/ext4", FsCategory::Local},
    MagicRow{0x58465342, "xfs", FsCategory::Local},
    MagicRow{0x9123683E, "btrfs", FsCategory::Local},
    MagicRow{0x2FC12FC1, "zfs", FsCategory::Local},
    MagicRow{0xF2F52010, "f2fs", FsCategory::Local},
    MagicRow{0xCA451A4E, "bcachefs", FsCategory::Local},
    MagicRow{0x3153464A, "jfs", FsCategory::Local},
    MagicRow{0x52654973, "reiserfs", FsCategory::Local},
    MagicRow{0x4D44, "vfat", FsCategory::Local},
    MagicRow{0x2011BAB0, "exfat", FsCategory::Local},
    MagicRow{0x5346544E, "ntfs", FsCategory::Local},
    MagicRow{0x73717368, "squashfs", FsCategory::Local},
    MagicRow{0xE0F5E1E2, "erofs", FsCategory::Local},
    MagicRow{0x9660, "iso9660", FsCategory::Local},
    MagicRow{0x6969, "nfs", FsCategory::Network},
    MagicRow{0x517B, "smbfs", FsCategory::Network},
    MagicRow{0xFF534D42, "cifs", FsCategory::Network},
    MagicRow{0xFE534D42, "smb2", FsCategory::Network},
    MagicRow{0x0BD00BD0, "lustre", FsCategory::Network},
    MagicRow{0x47504653, "gpfs", FsCategory::Network},
    MagicRow{0x19830326, "beegfs", FsCategory::Network},
    MagicRow{0x00C36400, "ceph", FsCategory::Network},
    MagicRow{0x01021997, "9p", FsCategory::Network},
    MagicRow{0x5346414F, "afs", FsCategory::Network},
    MagicRow{0x6B414653, "afs", FsCategory::Network},
    MagicRow{0x73757245, "coda", FsCategory::Network},
    MagicRow{0x7461636F, "ocfs2", FsCategory::Network},
    MagicRow{0x01161970, "gfs2", FsCategory::Network},
    MagicRow{0x20030528, "orangefs", FsCategory::Network},
    MagicRow{0x01021994, "tmpfs", FsCategory::Memory},
    MagicRow{0x858458F6, "ramfs", FsCategory::Memory},
    MagicRow{0x794C7630, "overlay", FsCategory::Overlay},
    MagicRow{0x61756673, "aufs", FsCategory::Overlay},
    MagicRow{0x65735546, "fuse", FsCategory::Unknown},
    MagicRow{kAutofsMagic, "autofs", FsCategory::Unknown},
};

} // namespace

std::string_view toString(FsCategory category)
{
    switch (category) {
    case FsCategory::Local: return "local";
    case FsCategory::Network: return "network";
    case FsCategory::Memory: return "memory";
    case FsCategory::Overlay: return "overlay";
    case FsCategory::Unknown: break;
    }
    return "unknown";
}

FsCategory classifyFsType(std::string_view type)
{
    std::string lower(type);
    for (char& c : lower)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    std::string_view t(lower);
    if (t.starts_with("fuse.")) {
        const std::string_view sub = t.substr(5);
        for (const TypeRow& r : kFuseTypes)
            if (r.type == sub)
                return r.category;
        return FsCategory::Unknown;
    }
    for (const TypeRow& r : kTypes)
        if (r.type == t)
            return r.category;
    // nfs3, nfsv4, smb1...: families whose members the list above may not spell out.
    if (t.starts_with("nfs") && t != "nfsd")
        return FsCategory::Network;
    return FsCategory::Unknown;
}

std::string_view fsMagicName(std::uint64_t magic)
{
    for (const MagicRow& r : kMagics)
        if (r.magic == magic)
            return r.name;
    return {};
}

FsCategory classifyFsMagic(std::uint64_t magic)
{
    for (const MagicRow& r : kMagics)
        if (r.magic == magic)
            return r.category;
    return FsCategory::Unknown;
}

} // namespace kl
