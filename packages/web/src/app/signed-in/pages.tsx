export { NotFoundPage } from '../shell/not-found-page.tsx';
export { LandingRedirect } from './landing-redirect.tsx';
export { SignedInLayout } from './signed-in-layout.tsx';
