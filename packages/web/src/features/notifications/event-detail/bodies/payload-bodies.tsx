import { useTranslation } from 'react-i18next';
import { CodeBlock, jsonText } from '../parts/code-block.tsx';
import { DetailList, textOf } from '../parts/detail-list.tsx';
import { DetailSection } from '../parts/detail-section.tsx';
import { contextOf, objectOf, type BodyProps } from './body-props.ts';

/** unknown_payload_received: payload type, reason, raw payload. */
export function UnknownPayloadBody({ notification }: BodyProps) {
  const { t } = useTranslation('notifications');
  const c = contextOf(notification);
  const type = textOf(c.payload_type) ?? notification.extra.payload_type;
  return (
    <>
      <DetailList
        items={[
          { label: t('detail.payloadType'), value: type && t(`payloadTypes.${type}`, { defaultValue: type }) },
          { label: t('detail.reason'), value: textOf(c.reason) ?? textOf(objectOf(c.extra).reason) },
        ]}
      />
      <DetailSection title={t('detail.rawPayload')}>
        <CodeBlock label={t('detail.rawPayload')} text={jsonText(c.incoming_payload)} />
      </DetailSection>
    </>
  );
}

/** invalid_payload_received: exception type, details, traceback. */
export function InvalidPayloadBody({ notification }: BodyProps) {
  const { t } = useTranslation('notifications');
  const extra = objectOf(contextOf(notification).extra);
  return (
    <>
      <DetailList
        items={[
          { label: t('detail.exceptionType'), value: textOf(extra.exception_type) },
          { label: t('detail.exceptionDetails'), value: textOf(extra.exception_details) },
        ]}
      />
      <DetailSection title={t('detail.traceback')}>
        <CodeBlock label={t('detail.traceback')} text={textOf(extra.exception_traceback)} />
      </DetailSection>
    </>
  );
}
