import { declaredMetrics, type SchemeSpec } from '@vigil/domain';
import { addDetail, type ErrorDetails } from '../../http/errors.ts';
import type { DeviceRecord, TypedRef } from './device-store.ts';

type Checked = Pick<DeviceRecord, 'entityType' | 'interfaceNodeId' | 'context' | 'metricLimits' | 'userMetrics'>;

/** What a device may say given its scheme: context values, user metrics and limits of declared metrics. */
export function schemeProblems(device: Checked, spec: SchemeSpec): ErrorDetails {
  const details: ErrorDetails = {};
  const declared = declaredMetrics(spec);
  for (const key of Object.keys(device.context)) {
    if (!declared.context_metrics.has(key)) addDetail(details, `context.${key}`, `Unknown context metric ${key}`);
  }
  for (const key of Object.keys(device.userMetrics)) {
    if (!declared.user_metrics.has(key)) addDetail(details, `user_metrics.${key}`, `Unknown user metric ${key}`);
  }
  device.metricLimits.forEach((limit, i) => {
    if (!declared[limit.group].has(limit.metric))
      addDetail(details, `metric_limits.${i}.metric`, `Unknown metric ${limit.group}.${limit.metric}`);
  });
  return details;
}

/** Only instruments hang off an interface node, and it must be one of the project's. */
export function interfaceNodeProblems(device: Checked, node: TypedRef | undefined): ErrorDetails {
  if (!device.interfaceNodeId) return {};
  if (device.entityType !== 'instrument') return { interface_node: ['Only instruments have an interface node'] };
  if (!node || node.entityType !== 'interface-node') return { interface_node: ['Unknown interface node'] };
  return {};
}
