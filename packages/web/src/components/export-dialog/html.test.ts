import { describe, expect, it } from 'vitest';
import { renderHtml } from './html.ts';

const sheet = {
  name: 'Levels',
  rows: [
    ['Instrument', 'Level (m)'],
    ['PZ-01', 101.25],
  ],
};

describe('html export', () => {
  it('writes a document with the title, subtitle, meta pairs and the table', () => {
    const html = renderHtml({
      title: 'Piezometric levels',
      subtitle: 'Cerro Azul TSF',
      meta: [{ name: 'Period', content: 'Last 7 days' }],
      sheet,
      lang: 'pt-BR',
    });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('<title>Piezometric levels</title>');
    expect(html).toContain('<p class="subtitle">Cerro Azul TSF</p>');
    expect(html).toContain('<dt>Period</dt><dd>Last 7 days</dd>');
    expect(html).toContain('<thead><tr><th scope="col">Instrument</th><th scope="col">Level (m)</th></tr></thead>');
    expect(html).toContain('<tr><td>PZ-01</td><td class="number">101.25</td></tr>');
  });

  it('escapes markup in every text so that data cannot inject HTML', () => {
    const html = renderHtml({
      title: '<script>alert(1)</script>',
      meta: [{ name: 'a&b', content: '"quoted"' }],
      sheet: { name: 'x', rows: [['<b>'], ["O'Brien"]] },
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<dt>a&amp;b</dt><dd>&quot;quoted&quot;</dd>');
    expect(html).toContain('<th scope="col">&lt;b&gt;</th>');
    expect(html).toContain('<td>O&#39;Brien</td>');
  });

  it('leaves out the subtitle and the meta list when there are none', () => {
    const html = renderHtml({ title: 'T', sheet });
    expect(html).not.toContain('class="subtitle"');
    expect(html).not.toContain('<dl>');
  });
});
