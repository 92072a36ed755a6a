import { useId } from 'react';
import { ALL_TYPES_LABEL, isStudyType, STUDY_TYPE_LABELS, STUDY_TYPES, type StudyType } from '@invigil/shared/api/study-messages';

/** Spec: the type filter (All Type, Assignment, Home Work, Material, Video-Lecture). */
export function TypeFilter({ value, onChange }: { value: StudyType | null; onChange: (type: StudyType | null) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold">Type</label>
      <select
        id={id}
        className="select select-bordered select-sm w-44"
        value={value ?? 'all'}
        onChange={(event) => onChange(isStudyType(event.target.value) ? event.target.value : null)}
      >
        <option value="all">{ALL_TYPES_LABEL}</option>
        {STUDY_TYPES.map((type) => (
          <option key={type} value={type}>{STUDY_TYPE_LABELS[type]}</option>
        ))}
      </select>
    </div>
  );
}
