import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { ALL_TYPES_LABEL, isStudyType, STUDY_TYPE_LABELS, STUDY_TYPES, type StudyType } from '@invigil/shared/api/study-messages';
import { isPageOff, STUDY_TYPE_PAGES } from '@invigil/shared/domain/menu-flags';
import { userConfig } from '../auth/auth-state';

/** Spec: the type filter (All Type, Assignment, Home Work, Material, Video-Lecture), without the types the institute turned off. */
export function TypeFilter({ value, onChange }: { value: StudyType | null; onChange: (type: StudyType | null) => void }) {
  useSignals();
  const id = useId();
  const types = STUDY_TYPES.filter((type) => type === value || !isPageOff(userConfig.value, STUDY_TYPE_PAGES[type]));
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
        {types.map((type) => (
          <option key={type} value={type}>{STUDY_TYPE_LABELS[type]}</option>
        ))}
      </select>
    </div>
  );
}
