import { Alert, Anchor, Box, Center, Code, Container, FileInput, Group, List, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDates } from '../../../lib/use-dates';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type CertificateResponseDto, useGetCertificateQuery } from '../../../api/certificate-api';
import NotFoundPage from '../../../shared/errors/components/not-found-page';
import { frameCap, usePreviewHash } from '../../../shared/preview/use-preview-hash';
import { FONT_NAMES, parseBranding, scrutineerText } from '../../../../../libs/rules/src/index';
import { certificateHead } from '../certificate-head';
import { beaconName, beaconStatement } from '../../../../../libs/rng/src/beacon-statement';
import { describeLogPositions } from '../../../../../libs/transparency-log/src/entries';
import type { BrowserCheck, GivenSeeds } from '../verify/verify-in-browser';
import { BusyButton } from '../../../shared/busy/busy-button';

/**
 * Loads the branding font from the server (the same TTF the PDF embeds) under its own family name, once the branding
 * is known: fetching a guess beside the certificate would compete with it for the connection.
 */
function useBrandFont(font: number | undefined): string {
  const family = `FairDraw certificate ${font}`;
  useEffect(() => {
    if (font === undefined) return;
    // swap: the title shows at once in the fallback face instead of staying invisible until the TTF arrives.
    const face = new FontFace(family, `url(/api/certificate/font/${font})`, { display: 'swap' });
    document.fonts.add(face);
    void face.load().catch(() => undefined);
  }, [family, font]);
  return `"${family}", "${FONT_NAMES[font ?? 0]}", serif`;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group component="div" gap="xs" wrap="nowrap" align="flex-start">
      <Text component="dt" fw={700} size="sm" w={{ base: 110, sm: 170 }} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function InBrowserCheck({ cert }: { cert: CertificateResponseDto }) {
  const [file, setFile] = useState<File | null>(null);
  const [checks, setChecks] = useState<BrowserCheck[] | null>(null);
  const [busy, setBusy] = useState(false);
  // Prefilled with what the certificate reveals; a visitor may paste their own copy instead.
  const [given, setGiven] = useState<Required<GivenSeeds>>({ serverSeed: cert.serverSeed ?? '', seed: cert.seed ?? '', signature: cert.beacon?.signature ?? '' });
  const edit = (field: keyof GivenSeeds) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setGiven({ ...given, [field]: event.currentTarget.value });
    setChecks(null);
  };
  const needsFile = cert.entryMethod !== 'simple';
  const run = async () => {
    setBusy(true);
    try {
      // The draw engine, the pairing check and the hashing load only when the visitor asks for the check: most visitors just read.
      const { verifyInBrowser } = await import('../verify/verify-in-browser');
      const seeds: GivenSeeds = cert.beacon ? { serverSeed: given.serverSeed, signature: given.signature } : { seed: given.seed };
      setChecks(await verifyInBrowser(cert, file ? await file.arrayBuffer() : null, seeds));
    } finally {
      setBusy(false);
    }
  };
  const match = checks?.every((check) => check.ok);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="check-title" bg="white" c="dark.9">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="check-title">
          Check this draw yourself
        </Title>
        <Text size="sm">
          {cert.beacon ? "Your browser checks the server seed against its commitment and the beacon round's signature against the beacon's public key, then " : 'Your browser '}
          {needsFile
            ? 're-runs the draw on the entries file you hold (it computes its SHA-256; the file is never uploaded) and compares the winners.'
            : 're-runs the draw with the seed and compares the winners.'}
          {cert.log ? ' It also checks the proofs that this draw’s entries are in the signed public draw log, and that nothing was moved or re-run after the commitment.' : ''}
        </Text>
        {cert.beacon ? (
          <>
            <TextInput
              label="Server seed"
              description="Revealed after the draw; its SHA-256 is the commitment published before it."
              value={given.serverSeed}
              onChange={edit('serverSeed')}
              ff="monospace"
            />
            <TextInput
              label="Beacon signature"
              description={`The signature of round ${cert.beacon.round}, from the beacon itself or from this certificate.`}
              value={given.signature}
              onChange={edit('signature')}
              ff="monospace"
            />
          </>
        ) : (
          <TextInput label="Seed" value={given.seed} onChange={edit('seed')} ff="monospace" />
        )}
        {needsFile && (
          <FileInput
            label="Entries file"
            placeholder="Choose a file"
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setChecks(null);
            }}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the file' }}
          />
        )}
        <Group>
          <BusyButton onClick={() => void run()} loading={busy} disabled={needsFile && !file}>
            Check the draw
          </BusyButton>
        </Group>
        {checks && (
          <Alert
            color={match ? 'green' : 'red'}
            icon={match ? <IconCircleCheck /> : <IconCircleX />}
            title={match ? 'Match: the draw is verified.' : 'Mismatch: this does not reproduce the certificate.'}
            role="status"
            styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}
          >
            <List size="sm" spacing={4}>
              {checks.map((check) => (
                <List.Item key={check.name} data-ok={check.ok}>
                  <Text span fw={700} size="sm">
                    {check.ok ? 'OK' : 'Mismatch'} — {check.name}:
                  </Text>{' '}
                  <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {check.detail}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The developer's way to check the draw (issue 27: the PDF speaks to a reader, the command lives here): the facts as
 * JSON and the verify command that reads them (docs/verification.md §10).
 */
function CommandLineCheck({ cert }: { cert: CertificateResponseDto }) {
  const json = `/api/certificate/${cert.shortCode}`;
  const needsFile = cert.entryMethod !== 'simple';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="command-check-title" bg="white" c="dark.9">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="command-check-title">
          For developers: check it from the command line
        </Title>
        <Text size="sm">
          The certificate's facts are published as JSON at{' '}
          <Anchor href={json} ff="monospace" size="sm">
            {json}
          </Anchor>
          . Save them as certificate.json and, in a checkout of FairDraw's source, run:
        </Text>
        {/* Focusable: a narrow screen scrolls the command sideways, and a keyboard must be able to. */}
        <Code block tabIndex={0} aria-label="The verify command">{`npm run verify -- ${needsFile ? '--entries entries.csv ' : ''}--draw-json certificate.json`}</Code>
        <Text size="sm">It runs the same checks as the button above and ends with MATCH or MISMATCH. Its options and each check are described in the project's docs/verification.md.</Text>
      </Stack>
    </Paper>
  );
}

/**
 * The public certificate (part 1 §2 /cert/): facts, winners as entry numbers, hashes and seed, branding; no entrant data.
 * `preview` (the owner's branding frame only, certificate-preview-page.tsx) takes the branding from the hash.
 */
export default function CertificatePage({ shortCode, withWinners, preview = false }: { shortCode: string; withWinners: boolean; preview?: boolean }) {
  const { dateTime } = useDates();
  const when = (iso: string, timeZone: string) => `${dateTime(iso, timeZone, { seconds: true })} (${timeZone})`;
  const [params] = useSearchParams();
  const { data: cert, isLoading, isError } = useGetCertificateQuery({ shortCode });
  // The branding being edited comes in the hash (part 2 §2 certificate preview frame).
  const previewed = usePreviewHash(preview, parseBranding);
  const branding = previewed.value ?? cert?.branding.branding;
  const fontFamily = useBrandFont(branding?.font);
  useEffect(() => {
    if (!cert) return;
    const { title, description } = certificateHead(cert);
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [cert]);
  // A screen-high placeholder keeps the footer below the fold until the certificate arrives, so nothing shifts.
  if (isLoading)
    return (
      <Center py="xl" mih="100vh">
        <Loader aria-label="Loading the certificate" />
      </Center>
    );
  if (isError || !cert || !branding) return <NotFoundPage />;
  const image = (slot: 'Top' | 'Left' | 'Banner' | 'Right') =>
    branding.images[slot]?.extension ? `/api/draw/getbrandingimage/${cert.drawId}/?location=${slot}&v=${encodeURIComponent(branding.images[slot]!.fileName)}` : null;
  // The frame's width, like the hash, is the owner's preview only (certificate-preview-page.tsx).
  const frameWidth = preview ? frameCap(params.get('fw')) : undefined;
  return (
    <Box bg={branding.backgroundColour} py={{ base: 'sm', sm: 'xl' }} data-preview-settled={preview ? String(previewed.settled) : undefined} data-testid="certificate">
      <Container size={frameWidth ? undefined : 'md'} maw={frameWidth} px={{ base: 'xs', sm: 'md' }}>
        <Paper
          radius={0}
          p={{ base: 'md', sm: 'xl' }}
          bg={branding.pageColour}
          c={branding.textColour}
          style={{
            borderTop: branding.borderTopVisible ? `10px solid ${branding.borderTopColour}` : undefined,
            borderBottom: branding.borderBottomVisible ? `10px solid ${branding.borderBottomColour}` : undefined,
          }}
        >
          <Stack gap="lg">
            {(image('Left') || image('Right') || image('Top') || (branding.logoOption === 'text' && branding.logoText)) && (
              <Group justify="space-between" wrap="nowrap" gap="sm">
                {image('Left') ? <img src={image('Left')!} alt="" style={{ maxWidth: '25%', maxHeight: 70 }} /> : <span />}
                {branding.logoOption === 'text' && branding.logoText ? (
                  <Text fz={{ base: 22, sm: 28 }} c={branding.logoColour} style={{ fontFamily }} ta="center">
                    {branding.logoText}
                  </Text>
                ) : image('Top') ? (
                  <img src={image('Top')!} alt={branding.logoOption === 'image' ? `${cert.organisation} logo` : ''} style={{ maxWidth: '45%', maxHeight: 70 }} />
                ) : (
                  <span />
                )}
                {image('Right') ? <img src={image('Right')!} alt="" style={{ maxWidth: '25%', maxHeight: 70 }} /> : <span />}
              </Group>
            )}
            {image('Banner') && <img src={image('Banner')!} alt="" style={{ width: '100%', maxHeight: 90, objectFit: 'contain' }} />}
            <Stack gap={4} ta="center">
              <Title order={1} fz={{ base: 26, sm: 32 }} style={{ fontFamily }} c={branding.textColour}>
                Certificate of random draw
              </Title>
              <Text size="sm">FairDraw certifies that this draw was drawn independently and at random by FairDraw&apos;s draw engine.</Text>
              {cert.demo && <Text fw={700}>Demo draw: not a certified draw.</Text>}
              {!cert.demo && cert.test && <Text fw={700}>Test draw (made with a test API key): not a certified draw.</Text>}
            </Stack>
            <Stack component="dl" gap={6} m={0}>
              <Fact label="Organisation">{cert.organisation}</Fact>
              <Fact label="Draw">{cert.name}</Fact>
              <Fact label="Draw id">{`${cert.displayId} (short code ${cert.shortCode})`}</Fact>
              <Fact label="Scheduled for">{when(cert.scheduleDate, cert.timeZone)}</Fact>
              <Fact label="Drawn">{cert.drawnAt ? when(cert.drawnAt, cert.timeZone) : cert.state === 'scheduled' ? 'Not yet drawn' : 'Not drawn'}</Fact>
              {cert.scrutineer && <Fact label="Scrutineer">{scrutineerText(cert.scrutineer)}</Fact>}
              <Fact label="Entries">
                {cert.entryMethod === 'simple'
                  ? `${cert.entryCount.toLocaleString('en-GB')} numbered entries`
                  : `${cert.entryCount.toLocaleString('en-GB')} entry rows, ${cert.ticketCount.toLocaleString('en-GB')} entries, ${cert.entrantCount.toLocaleString('en-GB')} entrants`}
              </Fact>
              <Fact label="One win per entrant">{cert.oneWinPerEntrant ? 'Yes' : 'No'}</Fact>
            </Stack>
            <Stack gap="xs" component="section" aria-labelledby="prizes-title">
              <Title order={2} fz="lg" id="prizes-title" c={branding.textColour}>
                Prizes{withWinners ? ' and winners (entry numbers)' : ''}
              </Title>
              {cert.prizes.map((prize, index) => (
                <Box key={index}>
                  <Text
                    size="sm"
                    fw={700}
                  >{`Prize ${index + 1}: ${prize.description || '(no description)'} — ${prize.quantity} winner${prize.quantity === 1 ? '' : 's'}${prize.reserves ? `, ${prize.reserves} reserves` : ''}`}</Text>
                  {withWinners && prize.winners.length > 0 && (
                    <Text
                      size="sm"
                      data-testid={`winners-${index}`}
                    >{`Winners: ${prize.winners.join(', ')}${prize.reserveWinners.length ? `; reserves: ${prize.reserveWinners.join(', ')}` : ''}`}</Text>
                  )}
                </Box>
              ))}
            </Stack>
            <Stack component="dl" gap={6} m={0} aria-label="Verification">
              <Fact label="Entries file SHA-256">{cert.entriesSha256 ?? 'No file: numbered entries'}</Fact>
              {cert.beacon ? (
                <>
                  <Fact label="Seed scheme">beacon/1: the server seed followed by the beacon round&apos;s randomness</Fact>
                  <Fact label="Server seed commitment">{cert.seedHash}</Fact>
                  <Fact label="Beacon">{`${beaconName(cert.beacon)}, scheme ${cert.beacon.scheme}`}</Fact>
                  <Fact label="Beacon chain">{cert.beacon.chainHash}</Fact>
                  <Fact label="Beacon public key">{cert.beacon.publicKey}</Fact>
                  <Fact label="Beacon round">{`${cert.beacon.round}, at ${when(cert.beacon.roundTime, cert.timeZone)}`}</Fact>
                  <Fact label="Beacon signature">{cert.beacon.signature ?? "Published at the round's time"}</Fact>
                  <Fact label="Beacon randomness">{cert.beacon.randomness ?? "Published at the round's time"}</Fact>
                  <Fact label="Server seed">{cert.serverSeed ?? 'Revealed once the draw is done'}</Fact>
                  <Fact label="Seed">{cert.seed ?? 'Revealed once the draw is done'}</Fact>
                </>
              ) : (
                <>
                  <Fact label="Seed scheme">seed/1: a seed committed to before the draw (made before the public beacon)</Fact>
                  <Fact label="Seed commitment">{cert.seedHash}</Fact>
                  <Fact label="Revealed seed">{cert.seed ?? 'Revealed once the draw is done'}</Fact>
                </>
              )}
              <Fact label="Draw engine">{cert.engineVersion ?? 'Recorded when the draw is done'}</Fact>
              {cert.log && (
                <Fact label="Public draw log">
                  <span data-testid="log-positions">{describeLogPositions(cert.log)}</span> (
                  <Anchor href="/log/" c={branding.textColour} td="underline">
                    the log
                  </Anchor>
                  )
                </Fact>
              )}
            </Stack>
            {cert.beacon && (
              <Text size="sm" fw={700} data-testid="beacon-statement">
                {beaconStatement(cert.beacon, when(cert.beacon.roundTime, cert.timeZone))}
              </Text>
            )}
            {!preview && cert.state === 'drawn' && (
              <Group>
                <Anchor href={`/download/certificate/${cert.drawId}`} c={branding.textColour} td="underline">
                  Download the certificate (PDF)
                </Anchor>
              </Group>
            )}
          </Stack>
        </Paper>
        {!preview && cert.state === 'drawn' && (
          <Box mt="md">
            <InBrowserCheck cert={cert} />
          </Box>
        )}
        {!preview && cert.state === 'drawn' && (
          <Box mt="md">
            <CommandLineCheck cert={cert} />
          </Box>
        )}
      </Container>
    </Box>
  );
}
