//go:build !purego

package companion

import "golang.org/x/sys/cpu"

// hasCRC32C says whether crc32cHardware may run: its instruction came with
// SSE 4.2, which not every x86-64 processor has.
var hasCRC32C = cpu.X86.HasSSE42

// crc32cUpdate is crc32.Update(crc, crc32.MakeTable(crc32.Castagnoli), p),
// by the processor's instruction where it has one: a long session's events
// are hundreds of kilobytes, summed at every load (3,000 What Blind Ninjas
// events: 0.2 ms by tables, a quarter of that by the instruction).
func crc32cUpdate(crc uint32, p []byte) uint32 {
	if hasCRC32C {
		return crc32cHardware(crc, p)
	}
	return crc32cSoftware(crc, p)
}

// crc32cHardware sums p with the CRC32 instruction, 8 bytes at a time.
//
//go:noescape
func crc32cHardware(crc uint32, p []byte) uint32
