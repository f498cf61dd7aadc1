import { Loader, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useGetEntryCheckQuery } from '../../../api/publication-api';
import { clientSessionId } from '../../../lib/session/client-session';
import { frameCap, usePreviewHash } from '../../../shared/preview/use-preview-hash';
import { entryCheckPreviewMessage, parseEntryCheckPreview } from '../preview-config';
import { BrandedPage, type PreviewFrame } from '../../../shared/preview/branded-page';
import { INVALID_LINK, NOT_OWNER, PreviewMessages, PreviewNotice } from '../../../shared/preview/preview-notice';
import { EntryCheckFields, EntryCheckIntro } from './public-entry-check-page';

/**
 * /cert/{shortCode}e/?prev=true&fw=&eh=#<entry check preview config>: the public entry check page as it will look
 * with the owner's column and name. The form checks nothing here. Anyone but the owner gets a notice and no draw data.
 */
export default function EntryCheckPreviewPage({ shortCode }: { shortCode: string }) {
  const [params] = useSearchParams();
  const { value: config, settled } = usePreviewHash(true, parseEntryCheckPreview);
  const clientSession = useMemo(() => clientSessionId(), []);
  const { data: setup, isLoading } = useGetEntryCheckQuery(config ? { id: config.drawId, clientSession } : skipToken);
  const [value, setValue] = useState('');
  const frame: PreviewFrame = { width: frameCap(params.get('fw')), height: frameCap(params.get('eh')), settled: settled && !isLoading };

  if (!config)
    return (
      <PreviewNotice shortCode={shortCode} frame={frame} title="Entry check preview">
        {INVALID_LINK}
      </PreviewNotice>
    );
  if (isLoading) {
    return (
      <BrandedPage shortCode={shortCode} withBranding={false} preview={frame}>
        <Loader aria-label="Loading the preview" />
      </BrandedPage>
    );
  }
  if (!setup || setup.shortCode !== shortCode)
    return (
      <PreviewNotice shortCode={shortCode} frame={frame} title="Entry check preview">
        {NOT_OWNER}
      </PreviewNotice>
    );
  if (setup.entryMethod === 'simple' || (setup.state !== 'scheduled' && setup.state !== 'drawn')) {
    return (
      <PreviewNotice shortCode={shortCode} frame={frame} title="Entry check preview">
        The entry check is not available for this draw.
      </PreviewNotice>
    );
  }
  const message = entryCheckPreviewMessage(config, setup.headerRowColumns);
  return (
    <BrandedPage shortCode={shortCode} organisation={setup.organisation} withBranding={config.hasBranding} preview={frame}>
      <EntryCheckIntro name={setup.name} />
      {message ? (
        <PreviewMessages messages={[message]} />
      ) : (
        <>
          <EntryCheckFields columnName={config.name} value={value} onValueChange={setValue} error={null} checking={false} onSubmit={(event) => event.preventDefault()} />
          <Text size="sm" fs="italic">
            {setup.entryCheck?.entryCheckEnabled ? 'Preview: entries are checked on the public page.' : 'Preview: entries are checked on the public page once the entry check is enabled.'}
          </Text>
        </>
      )}
    </BrandedPage>
  );
}
