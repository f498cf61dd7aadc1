import { Loader, Text } from '@mantine/core';
import { useDates } from '../../../lib/use-dates';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useGetPublicationSetupQuery } from '../../../api/publication-api';
import { clientSessionId } from '../../../lib/session/client-session';
import { frameCap, usePreviewHash } from '../../../shared/preview/use-preview-hash';
import { parsePublicationPreview, publicationPreviewMessages, shownParts } from '../preview-config';
import { publishedValue } from '../../../../../libs/rules/src/index';
import { BrandedPage, type PreviewFrame } from '../../../shared/preview/branded-page';
import { INVALID_LINK, NOT_OWNER, PreviewMessages, PreviewNotice } from '../../../shared/preview/preview-notice';
import { WinnersHeading, WinnersTables } from './winners-view';

/**
 * /cert/{shortCode}w/?prev=true&fw=&wh=#<publication preview config>: the public winners page as it will look with
 * the owner's choices, drawn from the owner's setup (the first entry rows before the draw, the first winners of each
 * prize after it). Anyone but the owner gets a notice and no draw data: the setup endpoint answers them 404.
 */
export default function WinnersPreviewPage({ shortCode }: { shortCode: string }) {
  const { dateTime } = useDates();
  const [params] = useSearchParams();
  const { value: config, settled } = usePreviewHash(true, parsePublicationPreview);
  const clientSession = useMemo(() => clientSessionId(), []);
  const { data: setup, isLoading } = useGetPublicationSetupQuery(config ? { id: config.drawId, clientSession } : skipToken);
  // Settled: 500 ms after the last hash change, and the owner's data is in.
  const frame: PreviewFrame = { width: frameCap(params.get('fw')), height: frameCap(params.get('wh')), settled: settled && !isLoading };

  if (!config)
    return (
      <PreviewNotice shortCode={shortCode} frame={frame} title="Winners preview">
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
  // The draw id of the hash must be this page's draw: a setup of another draw is never shown under this short code.
  if (!setup || setup.shortCode !== shortCode)
    return (
      <PreviewNotice shortCode={shortCode} frame={frame} title="Winners preview">
        {NOT_OWNER}
      </PreviewNotice>
    );
  if (setup.state !== 'scheduled' && setup.state !== 'drawn')
    return (
      <PreviewNotice shortCode={shortCode} frame={frame} title="Winners preview">
        The winners of this draw cannot be published.
      </PreviewNotice>
    );

  const messages = publicationPreviewMessages(config, setup, Date.now());
  const { columns, names, prizes } = shownParts(config, setup);
  const drawn = setup.state === 'drawn';
  const shown = (values: string[]) => columns.map((c) => publishedValue(values[c] ?? '', config.truncated, config.upperCase));
  const tables = prizes.map((p) => ({
    description: setup.prizes[p].description,
    winners: drawn ? setup.winnerRows.filter((row) => row.prizeIndex === p).map((row) => shown(row.values)) : setup.exampleRows.slice(0, setup.prizes[p].quantity).map(shown),
  }));
  return (
    <BrandedPage shortCode={shortCode} organisation={setup.organisation} withBranding={config.hasBranding} preview={frame}>
      <WinnersHeading name={setup.name} drawDate={setup.relevantDate} displayId={setup.id.slice(24, 36).toUpperCase()} entryCount={config.entries ? setup.entryCount : null} />
      {messages.length > 0 ? (
        <PreviewMessages messages={messages} />
      ) : (
        <>
          <Text size="sm" fs="italic">
            {`Preview: published ${config.schedule ? `on ${dateTime(config.schedule)}` : 'now'}.`}
            {drawn ? '' : ' Example rows from the entries: the real winners replace them once drawn.'}
          </Text>
          <WinnersTables columnNames={names} prizes={tables} />
        </>
      )}
    </BrandedPage>
  );
}
