/**
 * Bits written and read in order, most significant first (ADR 0045), for codings whose fields are not
 * whole bytes (the XOR coding of values). At most 32 bits a call.
 */

const mask = (count: number) => (count >= 32 ? 0xffffffff : (1 << count) - 1);

export class BitWriter {
  #bytes: Uint8Array;
  #length = 0;
  /** bits not yet written out: fewer than 8, in the low bits of #pending */
  #pending = 0;
  #pendingCount = 0;

  constructor(capacity = 64) {
    this.#bytes = new Uint8Array(capacity);
  }

  /** The low `count` bits of `value` (count ≤ 32). */
  write(value: number, count: number) {
    if (count > 24) {
      this.write(value >>> 16, count - 16);
      this.write(value & 0xffff, 16);
      return;
    }
    this.#pending = (this.#pending << count) | (value & mask(count));
    this.#pendingCount += count;
    if (this.#length + 4 > this.#bytes.length) this.#grow();
    while (this.#pendingCount >= 8) {
      this.#pendingCount -= 8;
      this.#bytes[this.#length++] = this.#pending >>> this.#pendingCount;
    }
    this.#pending &= mask(this.#pendingCount);
  }

  /** The bits written, the last byte filled with zeros. */
  finish(): Uint8Array {
    if (this.#pendingCount) this.write(0, 8 - this.#pendingCount);
    return this.#bytes.slice(0, this.#length);
  }

  #grow() {
    const grown = new Uint8Array(2 * this.#bytes.length + 8);
    grown.set(this.#bytes.subarray(0, this.#length));
    this.#bytes = grown;
  }
}

export class BitReader {
  // Plain fields, not #private ones: V8 reads them faster in this, the XOR coding's inner loop.
  private readonly bytes: Uint8Array;
  private offset = 0;
  /** bits read ahead and not yet taken: `count` of them, in the low bits of `pending` */
  private pending = 0;
  private count = 0;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  /** The next `count` bits (count ≤ 32), as an unsigned number. */
  read(count: number): number {
    if (count > 24) {
      const high = this.read(count - 16);
      return high * 65536 + this.read(16);
    }
    while (this.count < count) {
      if (this.offset >= this.bytes.length) throw new RangeError('The block ends too early');
      this.pending = ((this.pending << 8) | this.bytes[this.offset++]!) & 0x7fffffff;
      this.count += 8;
    }
    this.count -= count;
    return (this.pending >>> this.count) & ((1 << count) - 1);
  }
}
