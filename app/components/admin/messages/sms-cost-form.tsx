import { useState } from 'react';
import { Form } from 'react-router';
import { countSmsParts } from '#common/messages.ts';
import type { FormValues } from '#app/lib/admin/admin-result.ts';
import { AdminField } from '../admin-field.tsx';

/**
 * What an SMS text costs before it is sent: 160 plain characters or 70 in Nepali script per message,
 * 153 or 67 per part when longer. Counted as typed with JavaScript, by the Count button without.
 */
export function SmsCostForm({ values, busy }: { values: FormValues | undefined; busy: boolean }) {
  const [text, setText] = useState(values?.smsText ?? '');
  const { encoding, length, parts } = countSmsParts(text);
  return (
    <Form method="post" className="admin-panel messages-form" aria-labelledby="sms-cost-title">
      <h2 id="sms-cost-title">SMS cost</h2>
      <input type="hidden" name="intent" value="countSms" />
      <input type="hidden" name="form" value="countSms" />
      <AdminField label="Text of an SMS" hint="Type or paste a text to see how many SMS parts it takes per recipient.">
        {(control) => (
          <textarea
            {...control}
            className="field__input"
            name="smsText"
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </AdminField>
      <p className="messages-cost" role="status">
        {length} {encoding === 'gsm-7' ? 'plain (GSM-7)' : 'Unicode (Nepali script)'} characters: {parts}{' '}
        {parts === 1 ? 'part' : 'parts'} per recipient.
      </p>
      <button className="button" type="submit" disabled={busy}>
        Count
      </button>
    </Form>
  );
}
