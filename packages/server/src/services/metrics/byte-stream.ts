/**
 * Bytes written and read in order, with unsigned LEB128 varints of integers up to 2^53 (ADR 0045).
 * Arithmetic rather than bit operators above 2^31: JavaScript's bit operators take 32 bits.
 */

const TWO_31 = 2 ** 31;

export class ByteWriter {
  #bytes: Uint8Array;
  #length = 0;

  constructor(capacity = 64) {
    this.#bytes = new Uint8Array(capacity);
  }

  get length() {
    return this.#length;
  }

  byte(value: number) {
    this.#room(1);
    this.#bytes[this.#length++] = value;
  }

  bytes(values: Uint8Array) {
    this.#room(values.length);
    this.#bytes.set(values, this.#length);
    this.#length += values.length;
  }

  /** A non-negative integer below 2^53, 7 bits a byte, least significant first. */
  varint(value: number) {
    this.#room(8);
    let v = value;
    while (v >= TWO_31) {
      this.#bytes[this.#length++] = (v % 128) | 128;
      v = Math.floor(v / 128);
    }
    while (v >= 128) {
      this.#bytes[this.#length++] = (v & 127) | 128;
      v >>>= 7;
    }
    this.#bytes[this.#length++] = v;
  }

  /** What was written (a copy the size of it). */
  finish(): Uint8Array {
    return this.#bytes.slice(0, this.#length);
  }

  #room(count: number) {
    if (this.#length + count <= this.#bytes.length) return;
    const grown = new Uint8Array(Math.max(2 * this.#bytes.length, this.#length + count));
    grown.set(this.#bytes.subarray(0, this.#length));
    this.#bytes = grown;
  }
}

export class ByteReader {
  readonly bytes: Uint8Array;
  offset: number;

  constructor(bytes: Uint8Array, offset = 0) {
    this.bytes = bytes;
    this.offset = offset;
  }

  byte(): number {
    if (this.offset >= this.bytes.length) throw new RangeError('The block ends too early');
    return this.bytes[this.offset++]!;
  }

  varint(): number {
    const bytes = this.bytes;
    let b = this.byte();
    if (b < 128) return b;
    let value = b & 127;
    let scale = 128;
    do {
      if (this.offset >= bytes.length) throw new RangeError('The block ends too early');
      b = bytes[this.offset++]!;
      value += (b & 127) * scale;
      scale *= 128;
    } while (b >= 128);
    return value;
  }

  /** The next `count` bytes, as a view. */
  take(count: number): Uint8Array {
    if (this.offset + count > this.bytes.length) throw new RangeError('The block ends too early');
    const out = this.bytes.subarray(this.offset, this.offset + count);
    this.offset += count;
    return out;
  }
}

/** Signed to unsigned, small magnitudes to small numbers: 0, -1, 1, -2 … → 0, 1, 2, 3 … (|n| < 2^52). */
export const zigzag = (n: number) => (n < 0 ? -2 * n - 1 : 2 * n);
export const unzigzag = (z: number) => (z % 2 === 1 ? -(z + 1) / 2 : z / 2);
