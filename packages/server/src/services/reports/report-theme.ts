import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../db/connection.ts';
import { findProject } from '../ui/project-store.ts';

/** What a report's cover takes from the project's theme file (the web app's `/themes/{folder}/`). */
export interface ReportTheme {
  projectName: string;
  primary: string;
  secondary: string;
  /** the theme's logo as a PNG, or null when it has none that can be read */
  logo: Buffer | null;
}

const COLOUR = /^#[0-9a-f]{6}$/i;
const FOLDER = /^[a-z0-9-]+$/;
/** The themes of the built web app, else of its sources (a server started without a build, tests). */
const SOURCE_THEMES = join(import.meta.dirname, '../../../../web/public/themes');

interface ThemeFile {
  palette?: { primary?: { main?: string }; secondary?: { main?: string } };
}

/** The project's theme folder (attrs.theme, else its slug), as the web app chooses it. */
function folderOf(project: { slug: string; attrs: Record<string, unknown> }): string {
  const folder = project.attrs.theme ?? project.slug;
  return typeof folder === 'string' && FOLDER.test(folder) ? folder : 'default';
}

/** The theme of the project's reports: its colours and logo, the default theme's where it has none. */
export async function loadReportTheme(db: Db, projectId: string, webDist: string): Promise<ReportTheme> {
  const project = await findProject(db, projectId);
  const roots = [join(webDist, 'themes'), SOURCE_THEMES].filter((root) => existsSync(root));
  const folders = [project ? folderOf(project) : 'default', 'default'];
  let file: ThemeFile = {};
  let logo: Buffer | null = null;
  for (const folder of folders) {
    const root = roots.find((r) => existsSync(join(r, folder, 'theme.json')));
    if (!root) continue;
    file = JSON.parse(await readFile(join(root, folder, 'theme.json'), 'utf8')) as ThemeFile;
    const svg = join(root, folder, 'logo.svg');
    // The logo is drawn as a raster: pdfkit draws no SVG, and 600 px wide prints sharp at 5 cm.
    logo = existsSync(svg)
      ? await sharp(svg, { density: 300 })
          .resize({ width: 600 })
          .png()
          .toBuffer()
          .catch(() => null)
      : null;
    break;
  }
  const colour = (value: string | undefined, fallback: string) => (value && COLOUR.test(value) ? value : fallback);
  return {
    projectName: project?.name ?? '',
    primary: colour(file.palette?.primary?.main, '#0d2b52'),
    secondary: colour(file.palette?.secondary?.main, '#5fa8e8'),
    logo,
  };
}
