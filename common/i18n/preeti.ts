/**
 * Text typed in the legacy Preeti font is ASCII (and a few Latin-1 characters) that the font draws as
 * Devanagari: 'g]kfn' shows as 'नेपाल'. Pasted into the web it shows as that Latin text. This converts it to
 * Unicode Devanagari: each key sequence becomes its letters (longer sequences first, in the order below), then
 * the two signs Preeti types on the other side of their letter move to where Unicode keeps them: the short i
 * 'ि' (typed before its consonant cluster) and the reph 'र्' (typed after its syllable).
 */

/** Key sequences of the Preeti layout and the Unicode they stand for, applied in this order. */
const PREETI_KEYS: ReadonlyArray<readonly [string, string]> = [
  ['ç', 'ॐ'],
  ['˜', 'ऽ'],
  ['.', '।'],
  // 'm' completes the letter before it (k + m draws फ); bring it next to that letter across a vowel sign.
  ["'m", "m'"],
  [']m', 'm]'],
  ['Fmf', 'mfF'],
  ['Fm', 'mF'],
  [')', '०'],
  ['!', '१'],
  ['@', '२'],
  ['#', '३'],
  ['$', '४'],
  ['%', '५'],
  ['^', '६'],
  ['&', '७'],
  ['*', '८'],
  ['(', '९'],
  ['k|m', 'फ्र'],
  ['em', 'झ'],
  ['km', 'फ'],
  ['Qm', 'क्त'],
  ['qm', 'क्र'],
  ['¡', 'ज्ञ्'],
  ['¢', 'द्घ'],
  ['1', 'ज्ञ'],
  ['2', 'द्द'],
  ['4', 'द्ध'],
  ['>', 'श्र'],
  ['?', 'रु'],
  ['B', 'द्य'],
  ['I', 'क्ष्'],
  ['Q', 'त्त'],
  ['ß', 'द्म'],
  ['q', 'त्र'],
  ['„', 'ध्र'],
  ['‹', 'ङ्घ'],
  ['•', 'ड्ड'],
  ['›', 'द्र'],
  ['§', 'ट्ट'],
  ['°', 'ड्ढ'],
  ['¶', 'ठ्ठ'],
  ['¿', 'रू'],
  ['Å', 'हृ'],
  ['Ë', 'ङ्ग'],
  ['Í', 'ङ्क'],
  ['Î', 'ङ्ख'],
  ['Ý', 'ट्ठ'],
  ['å', 'द्व'],
  ['6«', 'ट्र'],
  ['7«', 'ठ्र'],
  ['8«', 'ड्र'],
  ['9«', 'ढ्र'],
  ['Ø', '्य'],
  ['|', '्र'],
  ['8Þ', 'ड़'],
  ['9Þ', 'ढ़'],
  ['S', 'क्'],
  ['s', 'क'],
  ['V', 'ख्'],
  ['v', 'ख'],
  ['U', 'ग्'],
  ['u', 'ग'],
  ['£', 'घ्'],
  ['3', 'घ'],
  ['ª', 'ङ'],
  ['R', 'च्'],
  ['r', 'च'],
  ['5', 'छ'],
  ['H', 'ज्'],
  ['h', 'ज'],
  ['‰', 'झ्'],
  ['´', 'झ'],
  ['~', 'ञ्'],
  ['`', 'ञ'],
  ['6', 'ट'],
  ['7', 'ठ'],
  ['8', 'ड'],
  ['9', 'ढ'],
  ['0', 'ण्'],
  ['T', 'त्'],
  ['t', 'त'],
  ['Y', 'थ्'],
  ['y', 'थ'],
  ['b', 'द'],
  ['W', 'ध्'],
  ['w', 'ध'],
  ['G', 'न्'],
  ['g', 'न'],
  ['K', 'प्'],
  ['k', 'प'],
  ['ˆ', 'फ्'],
  ['A', 'ब्'],
  ['a', 'ब'],
  ['E', 'भ्'],
  ['e', 'भ'],
  ['D', 'म्'],
  ['d', 'म'],
  ['o', 'य'],
  ['/', 'र'],
  ['N', 'ल्'],
  ['n', 'ल'],
  ['J', 'व्'],
  ['j', 'व'],
  ['Z', 'श्'],
  ['z', 'श'],
  ['i', 'ष्'],
  [':', 'स्'],
  [';', 'स'],
  ['X', 'ह्'],
  ['x', 'ह'],
  ['cf‘', 'ऑ'],
  ['c‘f', 'ऑ'],
  ['cf}', 'औ'],
  ['cf]', 'ओ'],
  ['cf', 'आ'],
  ['c', 'अ'],
  ['O{', 'ई'],
  ['O', 'इ'],
  ['pm', 'ऊ'],
  ['p', 'उ'],
  ['C', 'ऋ'],
  ['P]', 'ऐ'],
  ['P', 'ए'],
  ['f‘', 'ॉ'],
  ['"', 'ू'],
  ["'", 'ु'],
  ['+', 'ं'],
  ['f', 'ा'],
  ['[', 'ृ'],
  ['\\', '्'],
  [']', 'े'],
  ['}', 'ै'],
  ['F', 'ँ'],
  ['L', 'ी'],
  ['M', 'ः'],
  ['l', 'ि'],
];

/**
 * Preeti draws some letters from pieces: a half letter and the 'ा' stroke make the full letter ('I' + 'f' is
 * क्ष), and vowel signs are typed as strokes that Unicode writes as one sign. Applied in order.
 */
const JOINED_SIGNS: ReadonlyArray<readonly [string, string]> = [
  ['्ा', ''],
  ['्ो', 'े'],
  ['्ौ', 'ै'],
  ['अो', 'ओ'],
  ['अा', 'आ'],
  ['आै', 'औ'],
  ['आे', 'ओ'],
  ['ाो', 'ो'],
  ['ाॅ', 'ॉ'],
  ['ाे', 'ो'],
  ['ाै', 'ौ'],
  ['ेा', 'ो'],
  ['ेे', 'े'],
  ['ंु', 'ुं'],
  ['ंा', 'ां'],
  ['ंे', 'ें'],
  ['ंृ', 'ृं'],
  ['ँा', 'ाँ'],
  ['ँू', 'ूँ'],
];

const REPH_KEY = '{';
const CONSONANT = '[\\u0915-\\u0939\\u0958-\\u095F]\\u093C?';
/** A consonant cluster: consonants joined by the virama, the last one full. */
const CLUSTER = `(?:${CONSONANT}\\u094D)*${CONSONANT}`;
/** 'ि' typed before its cluster. */
const SHORT_I_BEFORE = new RegExp(`\\u093F(${CLUSTER})`, 'gu');
/** The reph key typed after its syllable: a cluster with its vowel signs and nasal marks. */
const REPH_AFTER = new RegExp(`(${CLUSTER}[\\u093E-\\u094C\\u0901-\\u0903]*)\\${REPH_KEY}`, 'gu');

function replaceAll(text: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  let out = text;
  for (const [from, to] of pairs) out = out.split(from).join(to);
  return out;
}

/** The Unicode Devanagari of a text typed in Preeti. Line breaks, spaces and commas stay as they are. */
export function preetiToUnicode(preeti: string): string {
  const letters = replaceAll(replaceAll(preeti, PREETI_KEYS), JOINED_SIGNS);
  return letters.replace(SHORT_I_BEFORE, '$1\u093F').replace(REPH_AFTER, 'र्$1').split(REPH_KEY).join('र्');
}
