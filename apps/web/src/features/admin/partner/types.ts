import type { Partner } from '../api';

/** What each step of the partner wizard after the first gets from the page. */
export interface StepArgs {
  partner: Partner;
  onSaved: (p: Partner) => void;
  goNext: () => void;
  goBack: (() => void) | null;
  setDirty: (d: boolean) => void;
}
