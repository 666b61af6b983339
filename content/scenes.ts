/**
 * Drawn placeholder pictures (SVG) for the default banner, gallery and featured images: the machine that
 * builds the site has no photos, and these look deliberate until the college uploads its own.
 */
export interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  near: string;
  building: string;
  accent: string;
}

export const PALETTES: Palette[] = [
  {
    skyTop: '#0b3d91',
    skyBottom: '#6fa8dc',
    sun: '#ffd966',
    far: '#5b8c5a',
    near: '#2f5d34',
    building: '#f4efe6',
    accent: '#c0392b',
  },
  {
    skyTop: '#f6b26b',
    skyBottom: '#fde5c8',
    sun: '#fff2cc',
    far: '#8e7cc3',
    near: '#4c3a78',
    building: '#fffaf0',
    accent: '#0b3d91',
  },
  {
    skyTop: '#134e5e',
    skyBottom: '#71b280',
    sun: '#fefae0',
    far: '#3a7d44',
    near: '#1e4d2b',
    building: '#f1f1f1',
    accent: '#e07a5f',
  },
  {
    skyTop: '#355c7d',
    skyBottom: '#c06c84',
    sun: '#f8b195',
    far: '#6c5b7b',
    near: '#2d2a4a',
    building: '#faf3e0',
    accent: '#f67280',
  },
  {
    skyTop: '#1d3557',
    skyBottom: '#a8dadc',
    sun: '#f1faee',
    far: '#457b9d',
    near: '#1d3557',
    building: '#ffffff',
    accent: '#e63946',
  },
  {
    skyTop: '#264653',
    skyBottom: '#e9c46a',
    sun: '#f4a261',
    far: '#2a9d8f',
    near: '#1b4332',
    building: '#fefae0',
    accent: '#e76f51',
  },
  {
    skyTop: '#3d5a80',
    skyBottom: '#e0fbfc',
    sun: '#ee6c4d',
    far: '#98c1d9',
    near: '#293241',
    building: '#ffffff',
    accent: '#ee6c4d',
  },
  {
    skyTop: '#5f0f40',
    skyBottom: '#fb8b24',
    sun: '#ffd166',
    far: '#9a031e',
    near: '#3d0c11',
    building: '#fff3e0',
    accent: '#0f4c5c',
  },
];

/** A deterministic pseudo-random sequence, so the same seed always draws the same picture. */
function random(seed: number): () => number {
  let s = (seed * 2654435761) % 4294967296;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

export function sceneSvg(seed: number, width: number, height: number): string {
  const p = PALETTES[seed % PALETTES.length]!;
  const r = random(seed + 1);
  const h = height;
  const w = width;
  const hill = (base: number, amp: number, color: string) => {
    const points: string[] = [`0,${h}`];
    const steps = 8;
    for (let i = 0; i <= steps; i++) points.push(`${(w * i) / steps},${base - amp * r()}`);
    points.push(`${w},${h}`);
    return `<polygon points="${points.join(' ')}" fill="${color}"/>`;
  };
  const bx = w * (0.25 + 0.35 * r());
  const bw = w * 0.34;
  const bh = h * 0.26;
  const by = h * 0.7 - bh;
  const windows: string[] = [];
  const cols = 7;
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < cols; col++) {
      const x = bx + bw * 0.06 + (col * bw * 0.88) / cols;
      const y = by + bh * 0.18 + row * bh * 0.25;
      windows.push(
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(bw * 0.07).toFixed(1)}" height="${(bh * 0.14).toFixed(1)}" rx="2" fill="${p.skyTop}" opacity="0.75"/>`,
      );
    }
  }
  const trees: string[] = [];
  for (let i = 0; i < 9; i++) {
    const tx = w * r();
    const ty = h * (0.72 + 0.2 * r());
    const ts = h * (0.05 + 0.05 * r());
    trees.push(
      `<circle cx="${tx.toFixed(1)}" cy="${ty.toFixed(1)}" r="${ts.toFixed(1)}" fill="${p.near}" opacity="0.9"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${(w * (0.1 + 0.8 * r())).toFixed(1)}" cy="${(h * 0.25).toFixed(1)}" r="${(h * 0.09).toFixed(1)}" fill="${p.sun}" opacity="0.9"/>
${hill(h * 0.6, h * 0.15, p.far)}
<rect x="${bx.toFixed(1)}" y="${by.toFixed(1)}" width="${bw.toFixed(1)}" height="${bh.toFixed(1)}" fill="${p.building}"/>
<polygon points="${(bx - bw * 0.04).toFixed(1)},${by.toFixed(1)} ${(bx + bw / 2).toFixed(1)},${(by - bh * 0.3).toFixed(1)} ${(bx + bw * 1.04).toFixed(1)},${by.toFixed(1)}" fill="${p.accent}"/>
${windows.join('')}
<rect x="${(bx + bw * 0.44).toFixed(1)}" y="${(by + bh * 0.7).toFixed(1)}" width="${(bw * 0.12).toFixed(1)}" height="${(bh * 0.3).toFixed(1)}" fill="${p.accent}"/>
${hill(h * 0.85, h * 0.1, p.near)}
${trees.join('')}
</svg>`;
}
