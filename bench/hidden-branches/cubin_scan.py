"""Control flow in an sm_90 cubin without a disassembler.

Reads the ELF sections `.text.<kernel>` and decodes from each 128-bit instruction only
what the hidden-branch table needs: the opcode (bits 0-11) and the guard predicate
(bits 12-15: register 0-6 or 7 = PT, bit 15 negates), and for BRA the signed offset
(branch_target). Opcodes, predicates and targets were checked against `cuobjdump -sass`
of nvcc 13.0 on the same kernels (README.md).
"""
import struct

OPCODES = {0x947: "BRA", 0x949: "BRX", 0x94a: "JMP", 0x94c: "JMX", 0x944: "CALL",
           0x950: "RET", 0x94d: "EXIT", 0x945: "BSSY", 0x941: "BSYNC", 0x948: "WARPSYNC",
           0x942: "BREAK"}


def text_sections(data):
    """{kernel: bytes} of the .text.<kernel> sections of an ELF64 file."""
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    heads = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
             for i in range(shnum)]
    strtab = heads[shstrndx]
    names = data[strtab[4]:strtab[4] + strtab[5]]
    out = {}
    for h in heads:
        name = names[h[0]:names.index(b"\0", h[0])].decode()
        if name.startswith(".text."):
            out[name[len(".text."):]] = data[h[4]:h[4] + h[5]]
    return out


def instructions(code):
    """(address, opcode name or None, predicate field, low 64 bits, high 64 bits)."""
    for addr in range(0, len(code) - 15, 16):
        lo, hi = struct.unpack_from("<QQ", code, addr)
        yield addr, OPCODES.get(lo & 0xFFF), (lo >> 12) & 0xF, lo, hi


def branch_target(addr, lo, hi):
    # The offset in 4-byte units: its low 8 bits at bits 16-23, the rest (signed) from
    # bit 34 on (checked against cuobjdump: `@!P0 BRA 0x130` at 0xf0 is 0x000c8947,
    # the closing self-loop 0xfffffffc00fc7947).
    high = ((lo >> 34) | (hi << 30)) & ((1 << 48) - 1)
    if high & (1 << 47):
        high -= 1 << 48
    return addr + 16 + ((high << 8) | ((lo >> 16) & 0xFF)) * 4


def scan(code):
    """(conditional transfers, loops, listing): predicated BRA/BRX/JMP/CALL/RET/EXIT and
    branches to an earlier address (the self-loop that ends every kernel excluded)."""
    cond = loops = 0
    listing = []
    for addr, op, pred, lo, hi in instructions(code):
        if op is None:
            continue
        text = ("" if pred == 7 else "@%sP%d " % ("!" if pred & 8 else "", pred & 7)) + op
        if op in ("BRA", "JMP"):
            t = branch_target(addr, lo, hi)
            text += " 0x%x" % t
            if t < addr:
                loops += 1
        listing.append("/*%04x*/ %s" % (addr, text))
        if pred != 7 and op in ("BRA", "BRX", "JMP", "JMX", "CALL", "RET", "EXIT"):
            cond += 1
    return cond, loops, listing


if __name__ == "__main__":
    import sys
    for k, code in sorted(text_sections(open(sys.argv[1], "rb").read()).items()):
        c, l, listing = scan(code)
        print("%s: %d conditional, %d loops" % (k, c, l))
        for x in listing:
            print("   ", x)
