import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// The gallery gets albums (an event: its title in English and Nepali, its B.S. date, a short description, a
// cover photo, published or hidden), and every photo a place in an album, a caption and alt text in both
// languages, and the capture date read from the photo before its metadata was removed. Every photo already
// in the gallery folder is kept, in its order (newest first), in one album made for them, 'Life at Orbit';
// no row changes otherwise and no file moves, so every stored address still answers.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gallery_albums')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('title_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('title_ne', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // The B.S. day of the event, 'YYYY-MM-DD', or '' when not known (such albums sort last).
    .addColumn('held_on', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_ne', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_image_id', 'varchar(36)')
    // 1 shown on /gallery, 0 hidden (visitors get 404).
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gallery_albums_held_on_idx').on('gallery_albums').columns(['held_on', 'id']).execute();

  await db.schema.alterTable('images').addColumn('album_id', 'varchar(36)').execute();
  await db.schema
    .alterTable('images')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ['caption_en', 'caption_ne', 'alt_en', 'alt_ne']) {
    await db.schema
      .alterTable('images')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema.alterTable('images').addColumn('taken_at', 'varchar(30)').execute();
  await db.schema.createIndex('images_album_position_idx').on('images').columns(['album_id', 'position']).execute();

  const photos = await db
    .selectFrom('images')
    .select('id')
    .where('folder', '=', 'gallery')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (photos.length === 0) return;
  const now = new Date().toISOString();
  const albumId = randomUUID();
  await db
    .insertInto('gallery_albums')
    .values({
      id: albumId,
      slug: 'life-at-orbit',
      title_en: 'Life at Orbit',
      title_ne: 'अर्बिटको जीवन',
      held_on: '',
      description_en: '',
      description_ne: '',
      cover_image_id: photos[0]!.id,
      published: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const [index, photo] of photos.entries()) {
    await db
      .updateTable('images')
      .set({ album_id: albumId, position: index + 1 })
      .where('id', '=', photo.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('images_album_position_idx').execute();
  for (const column of ['taken_at', 'alt_ne', 'alt_en', 'caption_ne', 'caption_en', 'position', 'album_id']) {
    await db.schema.alterTable('images').dropColumn(column).execute();
  }
  await db.schema.dropTable('gallery_albums').execute();
}
