import { Alert, Button, ColorInput, FileInput, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { type ContrastWarningDto, useGetBrandReuseListQuery, useSaveBrandingMutation } from '../../../api/branding-api';
import { type BrandingDto, useGetPublicBrandingQuery } from '../../../api/certificate-api';
import { useAppSelector } from '../../../lib/hooks';
import { selectUser } from '../../../lib/session/session-slice';
import { notifySuccess } from '../../../shared/forms/notify-success';
import { FormMessage } from '../../../shared/forms/components/form-message';
import { formErrorsOf, type FormErrors } from '../../../shared/forms/server-errors';
import { contrastRatio, DEFAULT_BRANDING, FONT_NAMES, MINIMUM_CONTRAST, parseBranding, serialiseBranding } from '../../../../../libs/rules/src/index';
import { BusyButton } from '../../../shared/busy/busy-button';

type Slot = 'Top' | 'Left' | 'Banner' | 'Right';
const SLOTS: { slot: Slot; label: string }[] = [
  { slot: 'Top', label: 'Top image (the logo image)' },
  { slot: 'Left', label: 'Left image' },
  { slot: 'Banner', label: 'Banner image' },
  { slot: 'Right', label: 'Right image' },
];
const COLOURS: { field: keyof BrandingDto; label: string }[] = [
  { field: 'borderTopColour', label: 'Top border colour' },
  { field: 'borderBottomColour', label: 'Bottom border colour' },
  { field: 'backgroundColour', label: 'Background colour' },
  { field: 'pageColour', label: 'Page colour' },
  { field: 'textColour', label: 'Text colour' },
  { field: 'logoColour', label: 'Logo colour' },
];
const HEX = /^#[0-9A-Fa-f]{6}$/;
/** The refusals of a save placed at their fields (the server names the Top image `images.Top`); the rest goes to the form. */
const SAVE_FIELDS = ['logoText', 'images.Top'] as const;
const NO_ERRORS: FormErrors<(typeof SAVE_FIELDS)[number]> = { fields: {}, form: null };

/** A new image for a slot: uploaded (serverFileName) but saved with the draw only when the branding is saved. */
type Pending = Partial<Record<Slot, { serverFileName: string; fileName: string }>>;

async function uploadImage(file: File, clientSession: string): Promise<{ serverFileName: string; headerFileName: string }> {
  const form = new FormData();
  form.append('clientSession', clientSession);
  form.append('file', file);
  const response = await fetch('/api/upload/branding', { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await response.json().catch(() => ({}))) as { message?: string; serverFileName?: string; headerFileName?: string };
  if (!response.ok) throw new Error(body.message ?? `The server answered ${response.status}.`);
  return body as { serverFileName: string; headerFileName: string };
}

/** Contrast warnings of part 2 §5, shown while editing (the server answers the same on save). */
function contrastNotes(branding: BrandingDto): string[] {
  const notes: string[] = [];
  if (HEX.test(branding.pageColour) && HEX.test(branding.textColour) && contrastRatio(branding.pageColour, branding.textColour) < MINIMUM_CONTRAST) {
    notes.push(`The text colour has a contrast of ${contrastRatio(branding.pageColour, branding.textColour).toFixed(2)}:1 against the page colour, below 4.5:1: the certificate may be hard to read.`);
  }
  if (branding.logoOption === 'text' && HEX.test(branding.pageColour) && HEX.test(branding.logoColour) && contrastRatio(branding.pageColour, branding.logoColour) < MINIMUM_CONTRAST) {
    notes.push(`The logo colour has a contrast of ${contrastRatio(branding.pageColour, branding.logoColour).toFixed(2)}:1 against the page colour, below 4.5:1: the logo may be hard to read.`);
  }
  return notes;
}

/**
 * The certificate branding editor (part 2 §3, §5, §7): colours, font, borders, logo, four images, reuse of an earlier
 * draw's branding, and the preview frame (the public certificate page with ?prev=true and the branding in its hash).
 */
export function BrandingEditor({ drawId, shortCode, clientSession, opened, onClose }: { drawId: string; shortCode: string; clientSession: string; opened: boolean; onClose: () => void }) {
  const user = useAppSelector(selectUser);
  const { data: current } = useGetPublicBrandingQuery({ shortCode }, { skip: !opened });
  const { data: reuseList } = useGetBrandReuseListQuery(undefined, { skip: !opened || !user });
  const [save, { isLoading: saving }] = useSaveBrandingMutation();
  const [branding, setBranding] = useState<BrandingDto>(DEFAULT_BRANDING);
  const [pending, setPending] = useState<Pending>({});
  const [uploading, setUploading] = useState<Slot | null>(null);
  const [imagesFrom, setImagesFrom] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<ContrastWarningDto[]>([]);
  const [errors, setErrors] = useState(NO_ERRORS);
  useEffect(() => {
    if (current && opened) {
      setBranding(current.branding);
      setPending({});
      setImagesFrom(null);
      setWarnings([]);
      setErrors(NO_ERRORS);
    }
  }, [current, opened]);

  const set = <K extends keyof BrandingDto>(field: K, value: BrandingDto[K]) => {
    setBranding((previous) => ({ ...previous, [field]: value }));
    setErrors(NO_ERRORS);
  };
  // Every change goes to the frame's hash; the frame itself debounces by 100 ms and settles after 500 ms (part 2 §4).
  const hash = useMemo(
    () => serialiseBranding({ ...branding, ...Object.fromEntries(COLOURS.map(({ field }) => [field, HEX.test(String(branding[field])) ? branding[field] : DEFAULT_BRANDING[field]])) }),
    [branding],
  );
  const notes = contrastNotes(branding);

  const choose = async (slot: Slot, file: File | null) => {
    if (!file) {
      setPending((previous) => ({ ...previous, [slot]: undefined }));
      set('images', { ...branding.images, [slot]: null });
      return;
    }
    setUploading(slot);
    try {
      const uploaded = await uploadImage(file, clientSession);
      setPending((previous) => ({ ...previous, [slot]: { serverFileName: uploaded.serverFileName, fileName: uploaded.headerFileName } }));
      setErrors(NO_ERRORS);
    } catch (error) {
      notifications.show({ color: 'red.9', title: 'Upload failed', message: `Upload failed: ${(error as Error).message}`, closeButtonProps: { 'aria-label': 'Dismiss notification' } });
    } finally {
      setUploading(null);
    }
  };

  const submit = async () => {
    const images = Object.fromEntries(
      SLOTS.map(({ slot }) => {
        const upload = pending[slot];
        if (upload) return [slot, { fileName: upload.fileName, serverFileName: upload.serverFileName }];
        const image = branding.images[slot];
        return [slot, image ? { fileName: image.fileName, extension: image.extension } : null];
      }),
    );
    setErrors(NO_ERRORS);
    let saved;
    try {
      saved = await save({ saveBrandingRequestDto: { drawId, clientSession, imagesFromDrawId: imagesFrom, branding: { ...branding, images } } }).unwrap();
    } catch (error) {
      // A refusal says why where it belongs (the error middleware leaves this call's answers to the editor).
      setErrors(formErrorsOf(error, SAVE_FIELDS));
      return;
    }
    setBranding(saved.branding);
    setPending({});
    setImagesFrom(null);
    setWarnings(saved.warnings);
    notifySuccess('Branding saved', saved.warnings.length ? 'Saved, with a contrast warning.' : 'The certificate shows your branding.');
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Certificate branding" size="xl" closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="md">
        {user && reuseList && reuseList.length > 0 && (
          <Select
            label="Reuse the branding of an earlier draw"
            placeholder="Choose a draw"
            data={reuseList.filter((item) => item.drawId !== drawId).map((item) => ({ value: item.drawId, label: `${item.name} — ${item.organisation} (${item.shortCode})` }))}
            onChange={(value) => {
              const item = reuseList.find((entry) => entry.drawId === value);
              if (!item) return;
              setBranding(parseBranding(item.drawBranding));
              setPending({});
              setImagesFrom(item.drawId);
            }}
            clearable={false}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {COLOURS.map(({ field, label }) => (
            <ColorInput
              key={field}
              label={label}
              format="hex"
              // The picker's sliders have no accessible names in Mantine 9's ColorInput: hex entry and swatches instead.
              withPicker={false}
              withEyeDropper={false}
              value={String(branding[field])}
              onChange={(value) => set(field, value.toUpperCase() as never)}
              error={HEX.test(String(branding[field])) ? undefined : 'Enter a colour as 6 hexadecimal digits, e.g. #1A2B3C.'}
              swatches={['#333333', '#DDDDDD', '#FFFFFF', '#111111', '#1A5FB4', '#26A269', '#C01C28']}
            />
          ))}
        </SimpleGrid>
        {notes.length > 0 && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Contrast warning" styles={{ title: { color: 'var(--mantine-color-dark-9)' } }} role="status">
            <Stack gap={4}>
              {notes.map((note) => (
                <Text size="sm" key={note} c="dark.9">
                  {note}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Font"
            data={FONT_NAMES.map((name, index) => ({ value: String(index), label: name }))}
            value={String(branding.font)}
            onChange={(value) => set('font', Number(value ?? 0) as BrandingDto['font'])}
            allowDeselect={false}
          />
          <Stack gap={6} justify="flex-end">
            <Switch label="Show the top border" checked={branding.borderTopVisible} onChange={(event) => set('borderTopVisible', event.currentTarget.checked)} />
            <Switch label="Show the bottom border" checked={branding.borderBottomVisible} onChange={(event) => set('borderBottomVisible', event.currentTarget.checked)} />
          </Stack>
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="logo-option-label">
            Logo
          </Text>
          <SegmentedControl
            aria-labelledby="logo-option-label"
            value={branding.logoOption}
            onChange={(value) => set('logoOption', value as BrandingDto['logoOption'])}
            data={[
              { value: 'none', label: 'None' },
              { value: 'text', label: 'Text' },
              { value: 'image', label: 'Image' },
            ]}
          />
        </Stack>
        {branding.logoOption === 'text' && (
          <TextInput label="Logo text" maxLength={60} value={branding.logoText} onChange={(event) => set('logoText', event.currentTarget.value)} error={errors.fields.logoText} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {SLOTS.map(({ slot, label }) => (
            <FileInput
              key={slot}
              label={label}
              description={
                pending[slot] ? `New: ${pending[slot]!.fileName} (saved with the branding)` : branding.images[slot] ? `Current: ${branding.images[slot]!.fileName}` : 'PNG or JPEG, up to 2 MB'
              }
              placeholder="Choose an image"
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              accept="image/png,image/jpeg"
              clearable
              clearButtonProps={{ 'aria-label': `Remove the ${slot.toLowerCase()} image` }}
              onChange={(file) => void choose(slot, file)}
              rightSection={uploading === slot ? <Text size="xs">…</Text> : undefined}
              // Busy rather than disabled, which dropped the focus of the field that chose the image to the page's body
              // (docs/decisions.md, stop 41); read-only, no picker opens until the image is up.
              readOnly={uploading !== null}
              aria-disabled={uploading !== null || undefined}
              aria-busy={uploading === slot || undefined}
              error={slot === 'Top' ? errors.fields['images.Top'] : undefined}
            />
          ))}
        </SimpleGrid>
        {warnings.length > 0 && (
          <Alert color="yellow" variant="light" title="Saved with a contrast warning" styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}>
            {warnings.map((warning) => (
              <Text size="sm" key={warning.field} c="dark.9">
                {warning.message}
              </Text>
            ))}
          </Alert>
        )}
        <Stack gap={4}>
          <Title order={3} fz="md">
            Preview
          </Title>
          <iframe
            title="Certificate preview"
            src={`/cert/${shortCode}/?prev=true&fw=760#${hash}`}
            style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
          />
          <Text size="xs" c="gray.8">
            New images appear in the preview once the branding is saved.
          </Text>
        </Stack>
        {errors.form && <FormMessage>{errors.form}</FormMessage>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <BusyButton onClick={() => void submit()} loading={saving} disabled={uploading !== null}>
            Save branding
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
