import { ModulePage } from '../shell/module-page.tsx';
import { ModuleGate } from './module-gate.tsx';

export { NotFoundPage } from '../shell/not-found-page.tsx';
export { LandingRedirect } from './landing-redirect.tsx';
export { SignedInLayout } from './signed-in-layout.tsx';

/** A module that a later issue builds: gated, and until then a designed page naming it. */
export function GatedModulePage() {
  return (
    <ModuleGate>
      <ModulePage />
    </ModuleGate>
  );
}
