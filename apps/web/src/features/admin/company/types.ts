import type { Role } from '@reputo/core';
import type { Company } from '../api';

/** What every company wizard step is given. */
export interface StepProps {
  company: Company;
  role: Role;
  /** Stores a fresh answer of the server as the wizard's company. */
  onSaved: (company: Company) => void;
  /** Goes to the next step (or back to the list after the last). */
  goNext: () => void;
  /** Goes to the previous step (backward goes in reverse). */
  goBack: (() => void) | null;
  /** The step has unsaved changes: leaving the wizard asks first. */
  setDirty: (dirty: boolean) => void;
}
