import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { drawDemoSite } from './site-drawing.ts';

/** A file of the demo's media library: real bytes, made at seed time. */
export interface DemoMediaFile {
  filename: string;
  mimeType: string;
  bytes: Buffer;
  tags: string[];
  description: string;
}

/** A repeatable pseudo-random sequence, so that every fresh start makes the same photo. */
function noise(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * A photograph-like view along an embankment crest: sky, the far bank, the downstream slope and
 * the toe, with grain. Made of pixels, so that it is a real JPEG of a realistic size.
 */
async function crestPhoto(dry: boolean): Promise<Buffer> {
  const width = 1600;
  const height = 1067;
  const random = noise(dry ? 7 : 11);
  const pixels = Buffer.alloc(width * height * 3);
  const sky = dry ? [126, 170, 214] : [168, 184, 196];
  const slope = dry ? [168, 138, 98] : [92, 128, 70];
  const toe = dry ? [196, 176, 140] : [120, 150, 96];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const horizon = 420 + Math.sin(x / 180) * 18;
      const crest = 520 - (x / width) * 120;
      const colour =
        y < horizon
          ? sky.map((c, i) => c + (y / horizon) * (i === 2 ? 20 : 40))
          : y < crest
            ? slope.map((c) => c * 0.78)
            : y < 860
              ? slope.map((c) => c + (y - crest) * 0.05)
              : toe;
      const grain = (random() - 0.5) * (y < horizon ? 6 : 28);
      pixels.set(
        colour.map((c) => Math.max(0, Math.min(255, Math.round(c + grain)))),
        (y * width + x) * 3,
      );
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The drawing of a cross section: foundation, embankment, tailings, phreatic line and piezometers. */
function sectionDrawing(title: string, unit: string): Buffer {
  const tips = [
    [260, 360, 'PZ-01'],
    [420, 380, 'PZ-02'],
    [580, 425, 'PZ-03'],
  ] as const;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 800 600">
<rect width="800" height="600" fill="#ffffff"/>
<text x="400" y="40" font-family="sans-serif" font-size="22" text-anchor="middle">${title}</text>
<polygon points="0,420 800,460 800,600 0,600" fill="#c8b58f" stroke="#6d5b3c"/>
<polygon points="0,262 300,262 300,435 0,420" fill="#b7a27a" stroke="#6d5b3c"/>
<polygon points="300,250 360,250 700,455 300,435" fill="#d9c7a0" stroke="#6d5b3c"/>
<polyline points="0,275 300,285 420,318 580,405 690,452" fill="none" stroke="#1565c0" stroke-width="3" stroke-dasharray="10 6"/>
${tips
  .map(
    ([x, y, name]) =>
      `<line x1="${x}" y1="240" x2="${x}" y2="${y}" stroke="#333" stroke-width="2"/><circle cx="${x}" cy="${y}" r="6" fill="#c62828"/><text x="${x + 8}" y="${y + 20}" font-family="sans-serif" font-size="14">${name}</text>`,
  )
  .join('\n')}
<text x="60" y="250" font-family="sans-serif" font-size="14">Tailings</text>
<text x="40" y="300" font-family="sans-serif" font-size="13" fill="#1565c0">Phreatic surface</text>
<text x="330" y="240" font-family="sans-serif" font-size="14">Embankment crest</text>
<line x1="40" y1="560" x2="240" y2="560" stroke="#000" stroke-width="3"/>
<text x="140" y="585" font-family="sans-serif" font-size="13" text-anchor="middle">50 ${unit}</text>
</svg>`;
  return Buffer.from(svg);
}

/** A monthly inspection report as a PDF, in the form a dam safety engineer files it. */
function inspectionReport(projectName: string, inspectedOn: Date): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Inspection report, ${projectName}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const day = inspectedOn.toISOString().slice(0, 10);
    doc.fontSize(18).text('Routine dam safety inspection');
    doc.fontSize(12).moveDown(0.3).text(projectName).text(`Inspected on ${day} by the site engineer`);
    doc.moveDown().fontSize(13).text('Observations');
    doc
      .fontSize(11)
      .list([
        'Crest: no cracking or settlement seen; survey pins intact.',
        'Downstream slope: vegetation cover good; no seepage or soft ground at the toe.',
        'Toe drain: flowing clear, estimated 0.4 L/s at the outfall weir.',
        'Instruments: all piezometers read; PZ-02 checked with the hand-held vibrating-wire readout.',
      ]);
    doc.moveDown().fontSize(13).text('Actions');
    doc.fontSize(11).list(['Clear debris from the spillway approach.', 'Repeat the readout check in two weeks.']);
    doc.end();
  });
}

/** The files a fresh demo project starts with: site plan, a crest photo, a section drawing, a report. */
export async function demoMediaFiles(
  slug: string,
  projectName: string,
  distanceUnit: string,
): Promise<DemoMediaFile[]> {
  const dry = slug === 'cerro-azul';
  const drawing = drawDemoSite(slug);
  const files: DemoMediaFile[] = [
    {
      filename: 'crest-looking-north.jpg',
      mimeType: 'image/jpeg',
      bytes: await crestPhoto(dry),
      tags: ['site photo', 'crest'],
      description: 'Embankment crest from the left abutment, looking along the crest',
    },
    {
      filename: 'cross-section-a-a.svg',
      mimeType: 'image/svg+xml',
      bytes: sectionDrawing(`${projectName}: section A-A`, distanceUnit),
      tags: ['drawing', 'cross section'],
      description: 'Section A-A through the main embankment, with the piezometer tips',
    },
    {
      filename: 'inspection-report.pdf',
      mimeType: 'application/pdf',
      bytes: await inspectionReport(projectName, new Date(Date.now() - 9 * 86_400_000)),
      tags: ['inspection', 'report'],
      description: 'The latest routine inspection',
    },
  ];
  if (drawing) {
    files.unshift({
      filename: 'site-plan.png',
      mimeType: 'image/png',
      bytes: await sharp(Buffer.from(drawing.svg)).resize({ width: 1600 }).png().toBuffer(),
      tags: ['drawing', 'site plan'],
      description: 'Site plan with the instruments’ areas',
    });
  }
  return files;
}
