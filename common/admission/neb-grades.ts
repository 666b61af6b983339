/** NEB's letter grades, best first. */
export const NEB_GRADES = ['A+', 'A', 'B+', 'B', 'C+', 'C', 'D+', 'D', 'NG'] as const;
export type NebGrade = (typeof NEB_GRADES)[number];

/** Whether `grade` is at least `minimum` on the NEB scale. */
export const gradeAtLeast = (grade: NebGrade, minimum: NebGrade): boolean =>
  NEB_GRADES.indexOf(grade) <= NEB_GRADES.indexOf(minimum);
