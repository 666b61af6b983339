import type { admitCardEn } from './admit-card-en.ts';
import { toDevanagariDigits } from './nepali-numbers.ts';

/** The entrance examination's admit card and its check page in Nepali (part of ne.ts, `admitCard`). */
export const admitCardNe: typeof admitCardEn = {
  title: 'प्रवेश पत्र',
  heading: (season: string) => `प्रवेश परीक्षा ${season}: प्रवेश पत्र`,
  open: 'प्रवेश पत्र खोल्नुहोस्',
  ready: 'प्रवेश परीक्षाको प्रवेश पत्र तयार छ।',
  rollNumber: 'रोल नम्बर',
  name: 'नाम',
  programme: 'कार्यक्रम',
  date: 'मिति',
  time: 'समय',
  minutes: (n: number) => `${toDevanagariDigits(n)} मिनेट`,
  place: 'स्थान',
  bring: 'साथमा ल्याउनुपर्ने',
  photo: (name: string) => `${name} को फोटो`,
  noPhoto: 'फोटो छैन: परीक्षामा पासपोर्ट साइजको फोटो ल्याउनुहोस्।',
  print: 'यो पत्र छाप्नुहोस् वा फोनमा राख्नुहोस्। पत्र साँचो हो कि होइन भनी जाँच्न सुरक्षाकर्मीले कोड स्क्यान गर्न सक्छन्।',
  qr: 'यस पत्रको जाँच पृष्ठ खोल्ने कोड',
  check: 'जाँच ठेगाना',
  noCard: 'यस आवेदनको प्रवेश पत्र अहिलेसम्म बनेको छैन। कागजात र शुल्क जाँचिएपछि बन्छ।',
  lookUp: 'सन्दर्भ नम्बर र जन्म मितिसहित आवेदनको अवस्था पृष्ठबाट प्रवेश पत्र खोल्नुहोस्।',
  statusLink: 'आवेदनको अवस्था',
  checkTitle: 'प्रवेश पत्र जाँच',
  checkHeading: 'प्रवेश पत्र जाँच',
  checkReal: 'यो प्रवेश पत्र कलेजले जारी गरेको हो। नाम, रोल नम्बर र परीक्षा समय पत्रसँग मिलाउनुहोस्।',
  checkNone: 'यस्तो पत्र छैन: यो कोड कलेजले जारी गरेको कुनै प्रवेश पत्रको होइन।',
  session: 'परीक्षा समय',
};
