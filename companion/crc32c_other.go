//go:build !amd64 || purego

package companion

// crc32cUpdate is crc32.Update(crc, crc32.MakeTable(crc32.Castagnoli), p).
func crc32cUpdate(crc uint32, p []byte) uint32 { return crc32cSoftware(crc, p) }
