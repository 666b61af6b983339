import { Form } from 'react-router';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { BsDateField } from '#app/components/admin/bs-date-field.tsx';

interface SessionValues {
  date: string;
  time: string;
  minutes: number;
  placeEn: string;
  placeNe: string;
  capacity: number;
  bringEn: string;
  bringNe: string;
  programmes: string[];
}

/**
 * An entrance session's form: the day in B.S. (the A.D. day shown beside), the start in Nepal time, the
 * place, the seats, what to bring, and the programmes it serves. Posts plainly; a refused form comes back
 * with what was typed.
 */
export function EntranceSessionForm({
  intent,
  seasonId,
  session,
  programmes,
  years,
  result,
  submitLabel,
}: {
  intent: string;
  /** The season a new session is added to. */
  seasonId?: string;
  session: SessionValues | null;
  programmes: { id: string; nameEn: string }[];
  years: readonly [number, number];
  result: WriteResult | undefined;
  submitLabel: string;
}) {
  const typed = result && !result.ok ? result.values : undefined;
  const value = (name: keyof SessionValues, fallback: string) => typed?.[name] ?? fallback;
  const chosen = new Set(session?.programmes ?? programmes.map((p) => p.id));
  return (
    <Form method="post" className="admin-form entrance-session-form">
      <input type="hidden" name="intent" value={intent} />
      {seasonId ? <input type="hidden" name="season" value={seasonId} /> : null}
      <BsDateField
        name="date"
        label="Day (B.S.)"
        value={session?.date ?? ''}
        years={years}
        parts={typed}
        hint="The A.D. day is shown beside."
      />
      <div className="entrance-session-form__row">
        <label>
          Starts at (Nepal time)
          <input
            className="field__input"
            name="time"
            type="time"
            required
            defaultValue={value('time', session?.time ?? '10:00')}
          />
        </label>
        <label>
          Minutes
          <input
            className="field__input"
            name="minutes"
            type="number"
            min={10}
            max={600}
            required
            defaultValue={value('minutes', String(session?.minutes ?? 90))}
          />
        </label>
        <label>
          Capacity (seats)
          <input
            className="field__input"
            name="capacity"
            type="number"
            min={1}
            max={5000}
            required
            defaultValue={value('capacity', session ? String(session.capacity) : '')}
          />
        </label>
      </div>
      <label>
        Place or room
        <input
          className="field__input"
          name="placeEn"
          required
          maxLength={200}
          defaultValue={value('placeEn', session?.placeEn ?? '')}
        />
      </label>
      <label>
        Place in Nepali
        <input
          className="field__input"
          name="placeNe"
          lang="ne"
          maxLength={200}
          defaultValue={value('placeNe', session?.placeNe ?? '')}
        />
      </label>
      <label>
        What to bring
        <textarea
          className="field__input"
          name="bringEn"
          rows={2}
          maxLength={2000}
          defaultValue={value('bringEn', session?.bringEn ?? '')}
        />
      </label>
      <label>
        What to bring, in Nepali
        <textarea
          className="field__input"
          name="bringNe"
          lang="ne"
          rows={2}
          maxLength={2000}
          defaultValue={value('bringNe', session?.bringNe ?? '')}
        />
      </label>
      <fieldset>
        <legend>Programmes whose candidates sit this session</legend>
        {programmes.map((p) => (
          <label key={p.id} className="entrance-session-form__check">
            <input type="checkbox" name="programmes" value={p.id} defaultChecked={chosen.has(p.id)} /> {p.nameEn}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn--primary">
        {submitLabel}
      </button>
    </Form>
  );
}
