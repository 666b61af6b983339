import sharp from 'sharp';
import { sceneSvg } from '#content/scenes.ts';
import type { Actor } from '#server/auth/actor.ts';
import type { AppServices } from '#server/services.ts';

/** Demo content is the server's own work on a fresh install. */
const SEED: Actor = { kind: 'system', job: 'demo content' };

const DAY = 24 * 60 * 60 * 1000;

const DEMO_NOTICES = [
  {
    title: 'Admission open for Grade 11 (Science and Management)',
    description:
      'Admission for Grade 11 in Science and Management is now open for the new academic session. Students who have appeared in the SEE examination may collect the form from the college office or apply online.',
    link: null,
    daysAgo: 1,
  },
  {
    title: 'Scholarship entrance examination schedule',
    description:
      'The scholarship entrance examination will be held at the college premises on Saturday at 8:00 AM. Candidates must bring their admit card and a black or blue pen. Results will be published on the notice board.',
    link: null,
    daysAgo: 6,
  },
  {
    title: 'Grade 12 practical examination routine published',
    description:
      'The practical examination routine for Grade 12 Physics, Chemistry, Biology and Computer Science has been published. Students are requested to check the routine and report to their laboratories on time.',
    link: 'https://www.neb.gov.np/',
    daysAgo: 14,
  },
  {
    title: 'Dashain and Tihar holiday notice',
    description:
      'The college will remain closed for the Dashain and Tihar festivals. Regular classes will resume after the holidays. We wish all students, parents and staff a joyful festive season.',
    link: null,
    daysAgo: 30,
  },
  {
    title: 'Parent–teacher meeting for Grade 11 students',
    description:
      'A parent–teacher meeting for all Grade 11 students will be held in the college hall on Friday from 10:00 AM. Parents are kindly requested to attend and discuss the progress of their children.',
    link: null,
    daysAgo: 45,
  },
];

async function drawScene(seed: number): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(seed, 1600, 1067)))
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Demo content for a fresh install: a few notices, 6 gallery photos and the 3 featured photos, each recorded as
 * demo so that 'Remove the demo content' (server/modules/demo) finds exactly these.
 */
export async function seedDemoContent(
  services: AppServices,
): Promise<{ notices: number; gallery: number; featured: number }> {
  const now = Date.now();
  for (const n of [...DEMO_NOTICES].reverse()) {
    const notice = await services.notices.create(
      SEED,
      { title: n.title, description: n.description, link: n.link ?? undefined },
      new Date(now - n.daysAgo * DAY).toISOString(),
    );
    // A fresh notice's updatedAt is its row's updated_at, which any later edit moves.
    await services.demo.recordSeeded('notice', notice.id, notice.updatedAt);
  }
  const gallery = 6;
  const featured = 3;
  const photo = async (folder: 'featured' | 'gallery', scene: number) => {
    const image = await services.images.create(SEED, folder, await drawScene(scene));
    await services.demo.recordSeeded('photo', image.id, folder);
  };
  for (let i = 0; i < featured; i++) await photo('featured', i + 1);
  for (let i = 0; i < gallery; i++) await photo('gallery', i + 10);
  return { notices: DEMO_NOTICES.length, gallery, featured };
}
