import type { CrossSection } from '@vigil/domain';
import type { ReactNode } from 'react';

/** A section's side or aerial view card: on a dashboard page, with the card's own title and 'Go to Cross Section Dashboard'. */
export interface SectionCardProps {
  section: CrossSection;
  /** the card's title; empty: the view names itself after the section */
  title?: string;
  /** the card action to the section's dashboard */
  toDashboard?: ReactNode;
}
