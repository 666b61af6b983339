/**
 * Drawn pictures that are not scenes: the map of the college's surroundings shown on /contact before the
 * visitor chooses to load Google Maps. A stylised sketch, not a survey: it only has to say "Bikash Chowk,
 * in the middle of Bharatpur". Written to content/images/map/ by scripts/generate-drawings.ts with the demo
 * college's label; a college by another name gets the same sketch labelled with its own name and address.
 */
export function mapSvg(
  width: number,
  height: number,
  label: { name: string; place: string } = { name: 'Orbit College', place: 'Bikash Chowk, Bharatpur-05' },
): string {
  const w = width;
  const h = height;
  const cx = w * 0.52;
  const cy = h * 0.5;
  // A label wider than its box (a longer name than the demo's) is squeezed to the box's inner width.
  const fitted = (text: string, charWidth: number) =>
    text.length * charWidth > w * 0.29 ? ` textLength="${w * 0.29}" lengthAdjust="spacingAndGlyphs"` : '';
  const road = (d: string, size: number) =>
    `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${size}" stroke-linecap="round"/>`;
  const minor: string[] = [];
  for (let i = 1; i < 8; i++) {
    const x = (w * i) / 8 + (i % 2 ? 14 : -10);
    minor.push(road(`M${x} 0 L${x + (i % 3) * 18 - 18} ${h}`, 5));
  }
  for (let i = 1; i < 5; i++) {
    const y = (h * i) / 5 + (i % 2 ? -12 : 9);
    minor.push(road(`M0 ${y} L${w} ${y + (i % 2 ? 22 : -16)}`, 5));
  }
  const blocks: string[] = [];
  for (let i = 0; i < 22; i++) {
    const x = ((i * 137) % 97) / 97;
    const y = ((i * 61) % 89) / 89;
    blocks.push(
      `<rect x="${(x * w * 0.92).toFixed(0)}" y="${(y * h * 0.9).toFixed(0)}" width="${(w * 0.05).toFixed(0)}" height="${(h * 0.06).toFixed(0)}" rx="4" fill="#dfe5ec"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="system-ui, sans-serif">
<rect width="${w}" height="${h}" fill="#eef2e6"/>
<path d="M0 ${h * 0.86} C ${w * 0.3} ${h * 0.78}, ${w * 0.55} ${h * 0.98}, ${w} ${h * 0.84} L ${w} ${h} L 0 ${h} Z" fill="#b9d7ea"/>
<circle cx="${w * 0.16}" cy="${h * 0.22}" r="${h * 0.1}" fill="#cfe3c2"/>
<circle cx="${w * 0.86}" cy="${h * 0.3}" r="${h * 0.12}" fill="#cfe3c2"/>
${blocks.join('')}
${minor.join('')}
${road(`M0 ${cy + 20} C ${w * 0.3} ${cy + 6}, ${w * 0.7} ${cy - 8}, ${w} ${cy - 26}`, 16)}
<path d="M0 ${cy + 20} C ${w * 0.3} ${cy + 6}, ${w * 0.7} ${cy - 8}, ${w} ${cy - 26}" fill="none" stroke="#f2c14e" stroke-width="4"/>
${road(`M${cx - 30} 0 L${cx + 10} ${h}`, 12)}
<text x="${w * 0.05}" y="${cy - 4}" font-size="${h * 0.035}" fill="#5c677d">East–West Highway</text>
<circle cx="${cx - 10}" cy="${cy + 1}" r="${h * 0.05}" fill="none" stroke="#0b3d91" stroke-width="3" stroke-dasharray="6 5"/>
<path d="M${cx} ${cy - h * 0.03} c 0 -${h * 0.09} -${h * 0.06} -${h * 0.1} -${h * 0.06} -${h * 0.16} a ${h * 0.06} ${h * 0.06} 0 1 1 ${h * 0.12} 0 c 0 ${h * 0.06} -${h * 0.06} ${h * 0.07} -${h * 0.06} ${h * 0.16} z" fill="#c0392b" transform="translate(-10 0)"/>
<circle cx="${cx - 10}" cy="${cy - h * 0.19}" r="${h * 0.025}" fill="#ffffff"/>
<rect x="${cx + w * 0.03}" y="${cy - h * 0.27}" width="${w * 0.32}" height="${h * 0.15}" rx="8" fill="#0b3d91"/>
<text x="${cx + w * 0.045}" y="${cy - h * 0.195}" font-size="${h * 0.05}" font-weight="700" fill="#ffffff"${fitted(label.name, h * 0.05 * 0.6)}>${escapeXml(label.name)}</text>
<text x="${cx + w * 0.045}" y="${cy - h * 0.145}" font-size="${h * 0.035}" fill="#dbe6ff"${fitted(label.place, h * 0.035 * 0.55)}>${escapeXml(label.place)}</text>
</svg>`;
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
