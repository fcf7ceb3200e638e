import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, deflateRawSync, inflateRawSync, constants } from 'node:zlib';
import { zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { ByteReader, ByteWriter } from '../packages/server/src/services/metrics/byte-stream.ts';
import { readTimes, writeTimes } from '../packages/server/src/services/metrics/block-times.ts';
import { readValues, writeValues } from '../packages/server/src/services/metrics/block-values.ts';
import { decodeXorValues, encodeXorValues } from '../packages/server/src/services/metrics/xor-values.ts';
import { decodeBlock, encodeBlock, type Block } from '../packages/server/src/services/metrics/series-blocks.ts';
import { demoBlocks, WORKLOAD_DAYS, workloadBlocks } from './block-codec-series.ts';

/**
 * Issue 37's "blocks as small as the data allows" (ADR 0045): bytes a value and encode/decode time
 * a block of each candidate coding of day blocks, on the demo's history (93 days, compacted by the
 * server; the SQLite file is kept in BLOCK_CODECS_DEMO_DIR, default a directory under the system's
 * temporary one, and read again by later runs) and on issue 5's metrics workload. Prints a table;
 * records nothing (bench/RESULTS.md is the lead's). Run: `npx node bench/block-codecs.ts`.
 */

interface Candidate {
  name: string;
  encode(block: Block): Uint8Array;
  decode(data: Uint8Array): unknown;
}

/** The count, then the times as delta of delta, then the values as `values` writes them. */
function columns(block: Block, values: (out: ByteWriter, values: Float64Array) => void) {
  const out = new ByteWriter();
  out.varint(block.times.length);
  writeTimes(out, block.times);
  values(out, block.values);
  return out.finish();
}

const xorOnly = (out: ByteWriter, values: Float64Array) => {
  const coded = encodeXorValues(values);
  out.varint(coded.length);
  out.bytes(coded);
};

function readXorColumns(data: Uint8Array) {
  const input = new ByteReader(data);
  const n = input.varint();
  const all = new Float64Array(2 * n);
  readTimes(input, n, all);
  decodeXorValues(input.take(input.varint()), n, all, n);
  return all;
}

function readDecimalColumns(data: Uint8Array) {
  const input = new ByteReader(data);
  const n = input.varint();
  const all = new Float64Array(2 * n);
  readTimes(input, n, all);
  readValues(input, n, all, n);
  return all;
}

function raw(block: Block) {
  const all = new Float64Array(2 * block.times.length);
  all.set(block.times);
  all.set(block.values, block.times.length);
  return new Uint8Array(all.buffer);
}

const compressors = {
  deflate: { compress: (b: Uint8Array) => deflateRawSync(b, { level: 6 }), decompress: inflateRawSync },
  brotli: {
    compress: (b: Uint8Array) =>
      brotliCompressSync(b, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
      }),
    decompress: brotliDecompressSync,
  },
  zstd: { compress: (b: Uint8Array) => zstdCompressSync(b), decompress: zstdDecompressSync },
} as const;

const then = (name: keyof typeof compressors, base: Candidate): Candidate => ({
  name: `${base.name} + ${name}`,
  encode: (block) => compressors[name].compress(base.encode(block)),
  decode: (data) => base.decode(compressors[name].decompress(data)),
});

const rawCandidate: Candidate = { name: 'raw float64 (ADR 0014)', encode: raw, decode: (d) => d.slice() };
const xorCandidate: Candidate = {
  name: 'delta-of-delta + XOR',
  encode: (b) => columns(b, xorOnly),
  decode: readXorColumns,
};
const decimalCandidate: Candidate = {
  name: 'delta-of-delta + decimal (else XOR)',
  encode: (b) => columns(b, writeValues),
  decode: readDecimalColumns,
};
const CANDIDATES: Candidate[] = [
  rawCandidate,
  then('zstd', rawCandidate),
  xorCandidate,
  then('zstd', xorCandidate),
  decimalCandidate,
  then('deflate', decimalCandidate),
  then('brotli', decimalCandidate),
  then('zstd', decimalCandidate),
  { name: 'chosen: encodeBlock (ADR 0045)', encode: encodeBlock, decode: decodeBlock },
];

/**
 * µs a block of `work` (one pass over `count` blocks): the fastest of passes run for at least
 * `minMs`, since on a shared machine other work only ever makes a pass slower.
 */
function timePerBlock(count: number, work: () => void, minMs = 400) {
  let best = Infinity;
  const started = performance.now();
  do {
    const pass = performance.now();
    work();
    best = Math.min(best, performance.now() - pass);
  } while (performance.now() - started < minMs);
  return (best * 1000) / count;
}

function measureSet(label: string, blocks: Block[]) {
  const values = blocks.reduce((a, b) => a + b.times.length, 0);
  console.log(
    `\n${label}: ${blocks.length} blocks, ${values} values (${(values / blocks.length).toFixed(0)} a block on average)`,
  );
  const rows = CANDIDATES.map((c) => {
    const encoded = blocks.map((b) => c.encode(b));
    const bytes = encoded.reduce((a, e) => a + e.length, 0);
    const encodeUs = timePerBlock(blocks.length, () => blocks.forEach((b) => c.encode(b)));
    const decodeUs = timePerBlock(blocks.length, () => encoded.forEach((e) => c.decode(e)));
    return {
      coding: c.name,
      'bytes/value': Number((bytes / values).toFixed(3)),
      MB: Number((bytes / 1e6).toFixed(2)),
      'encode µs/block': Number(encodeUs.toFixed(1)),
      'decode µs/block': Number(decodeUs.toFixed(1)),
    };
  });
  console.table(rows);
}

const demoDir = process.env.BLOCK_CODECS_DEMO_DIR ?? join(tmpdir(), 'vigil-bench-block-codecs');
console.log(`Block codings (issue 37). Timings are noisy on a shared machine: compare rows, not runs.`);
measureSet(`metrics workload (200 instruments × 4 metrics × ${WORKLOAD_DAYS} days, every 5 min)`, workloadBlocks());
measureSet(`demo history (93 days, ${demoDir})`, await demoBlocks(demoDir));
