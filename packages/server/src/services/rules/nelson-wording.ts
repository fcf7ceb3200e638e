import type { NelsonRule } from '@vigil/domain';

/** What each Nelson rule looks for, in the words of executions and event reasons. */
export const NELSON_RULE_TEXT: Record<NelsonRule, string> = {
  1: 'a point more than 3 standard deviations from the mean',
  2: 'nine points in a row on the same side of the mean',
  3: 'six points in a row steadily increasing or decreasing',
  4: 'fourteen points in a row alternating up and down',
  5: 'two of three points more than 2 standard deviations from the mean, on the same side',
  6: 'four of five points more than 1 standard deviation from the mean, on the same side',
  7: 'fifteen points in a row within 1 standard deviation of the mean',
  8: 'eight points in a row more than 1 standard deviation from the mean, on both sides',
};

/** 'Nelson rule 1: a point more than 3 standard deviations from the mean'. */
export const nelsonReason = (rule: NelsonRule) => `Nelson rule ${rule}: ${NELSON_RULE_TEXT[rule]}`;
