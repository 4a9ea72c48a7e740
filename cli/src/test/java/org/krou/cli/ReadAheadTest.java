package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The read-ahead of a disk as sysfs lays it out, and when generate warns of it. */
class ReadAheadTest {
    /**
     * A tree shaped like sysfs: /sys/class/block/vda and vda1 link into /sys/devices, where the
     * partition vda1 lies under its disk vda, whose queue holds the setting; dm-0 has its own.
     */
    @Test
    void aPartitionReadsItsDisksSetting(@TempDir Path sys) throws Exception {
        Path disk = Files.createDirectories(sys.resolve("devices/pci0/virtio1/block/vda"));
        Files.createDirectories(disk.resolve("queue"));
        Files.writeString(disk.resolve("queue/read_ahead_kb"), "8192\n");
        Path part = Files.createDirectories(disk.resolve("vda1"));
        Path dm = Files.createDirectories(sys.resolve("devices/virtual/block/dm-0/queue"));
        Files.writeString(dm.resolve("read_ahead_kb"), "128\n");
        Path classBlock = Files.createDirectories(sys.resolve("class/block"));
        Files.createSymbolicLink(classBlock.resolve("vda"), disk);
        Files.createSymbolicLink(classBlock.resolve("vda1"), part);
        Files.createSymbolicLink(classBlock.resolve("dm-0"), dm.getParent());

        assertEquals(new ReadAhead.Setting("vda", 8192), ReadAhead.of(classBlock, "vda1"));
        assertEquals(new ReadAhead.Setting("vda", 8192), ReadAhead.of(classBlock, "vda"));
        assertEquals(new ReadAhead.Setting("dm-0", 128), ReadAhead.of(classBlock, "dm-0"));
        assertNull(ReadAhead.of(classBlock, "sdz"), "no such device");
    }

    @Test
    void warnsAboveOneMebibyteAndNamesTheDisk() {
        Path work = Path.of("data/abapa/work");
        assertNull(ReadAhead.warning(work, null), "unknown: nothing to say");
        assertNull(ReadAhead.warning(work, new ReadAhead.Setting("vda", 128)));
        assertNull(ReadAhead.warning(work, new ReadAhead.Setting("vda", 1024)));
        String w = ReadAhead.warning(work, new ReadAhead.Setting("vda", 8192));
        assertTrue(w.contains("8,192 KiB") && w.contains("echo 128 > /sys/block/vda/queue/read_ahead_kb")
                && w.contains(work.toString()), w);
    }
}
