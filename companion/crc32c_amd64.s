//go:build !purego

#include "textflag.h"

// func crc32cHardware(crc uint32, p []byte) uint32
TEXT ·crc32cHardware(SB), NOSPLIT, $0-36
	MOVL crc+0(FP), AX
	MOVQ p_base+8(FP), SI
	MOVQ p_len+16(FP), CX
	NOTL AX
	CMPQ CX, $8
	JB   tail

words:
	CRC32Q (SI), AX
	ADDQ   $8, SI
	SUBQ   $8, CX
	CMPQ   CX, $8
	JAE    words

tail:
	TESTQ CX, CX
	JZ    done

bytes:
	CRC32B (SI), AX
	INCQ   SI
	DECQ   CX
	JNZ    bytes

done:
	NOTL AX
	MOVL AX, ret+32(FP)
	RET
