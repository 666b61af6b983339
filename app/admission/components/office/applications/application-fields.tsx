import type { ApplicationDetail } from '#common/admission/application-office.ts';
import { formatBsAd } from '#common/dates/bs-date.ts';
import { genderWordIn, provinceNameIn } from '#common/i18n/applicant-words.ts';
import { formatBsStringIn } from '#common/i18n/dates.ts';

/** Every field the applicant sent, grouped as the form asked for them. */
export function ApplicationFields({ application: a }: { application: ApplicationDetail }) {
  const groups: [string, [string, string][]][] = [
    [
      'The student',
      [
        ['Name', a.nameEn],
        ['Name in Devanagari', a.nameNe],
        ['Date of birth', formatBsStringIn('en', a.birthDate) || a.birthDate],
        ['Gender', genderWordIn('en', a.gender)],
        ['Citizenship', a.citizenship || '—'],
      ],
    ],
    [
      'The family',
      [
        ["Father's name", a.fatherName],
        ["Mother's name", a.motherName],
        ['Guardian', `${a.guardianName} (${a.guardianRelation})`],
        ["Guardian's mobile", a.guardianMobile],
        ['E-mail', a.email || '—'],
      ],
    ],
    [
      'The address',
      [
        ['Province', provinceNameIn('en', a.province)],
        ['District', a.district],
        ['Municipality', `${a.municipality}, ward ${a.ward}`],
      ],
    ],
    [
      'SEE results',
      [
        ['SEE year', String(a.seeYear)],
        ['Symbol number', a.symbolNumber],
        ['School', `${a.school} (${a.schoolDistrict})`],
        ['GPA', a.gpa.toFixed(2)],
        [
          'Grades',
          Object.entries(a.grades)
            .map(([subject, grade]) => `${subject} ${grade}`)
            .join(', '),
        ],
      ],
    ],
    [
      'The programme',
      [
        ['First choice', a.firstChoice],
        ['Second choice', a.secondChoice || '—'],
        ['Eligible', a.eligible ? 'Yes' : 'No: the office decides'],
        ['Scholarship category', a.category || '—'],
        ['Heard of the college from', a.heardFrom || '—'],
      ],
    ],
    [
      'Sent',
      [
        ['Submitted', formatBsAd(a.submittedAt)],
        ['Late', a.late ? 'Yes (late fee added)' : 'No'],
        ["Guardian's consent", formatBsAd(a.consentAt)],
        ['Language', a.language === 'ne' ? 'Nepali' : 'English'],
      ],
    ],
  ];
  return (
    <div className="application-fields">
      {groups.map(([title, rows]) => (
        <section key={title} className="application-fields__group" aria-label={title}>
          <h2>{title}</h2>
          <dl>
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd lang={label === 'Name in Devanagari' ? 'ne' : undefined}>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
