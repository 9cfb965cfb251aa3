import * as React from 'react';
import Cropper from 'react-easy-crop';
import { ImagePlus, LoaderCircle, RotateCcw, RotateCw, Upload } from 'lucide-react';
import {
  AVATAR_FIELD,
  CROPPER,
  IMAGE_ACCEPT,
  IMAGE_DEFAULT_QUALITY,
  type ErrorItem,
  type ImageUploadKind,
} from '@klinik/shared';
import { api, errorItems, type Envelope } from '../lib/trpc';
import { cn } from '../lib/utils';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';
import { ErrorList } from './ui/error-list';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';
import { cropToBlob, validateImageFile, type PixelArea } from './image-crop';

export type CropAspect = 'square' | 'free';

/** Ratios offered with the flexible crop; 'asli' keeps the picture's own proportions. */
const FREE_RATIOS = { asli: 'Sesuai gambar', '4:3': '4:3', '3:4': '3:4', '16:9': '16:9' } as const;
type FreeRatio = keyof typeof FREE_RATIOS;

export interface ImageCropperProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Multipart endpoint, e.g. `/api/users/uploadavatar/12` or `/api/profile/uploadavatar/3`. */
  uploadUrl: string;
  /** Sets the default quality: 25 for avatars and photos, 50 for branch logos (spec 9). */
  kind?: ImageUploadKind;
  title?: string;
  description?: string;
  /** Initial crop: square (1:1) or flexible; the user can switch unless `lockAspect`. */
  defaultAspect?: CropAspect;
  lockAspect?: boolean;
  /** Multipart field of the image (default `avatar`). */
  fieldName?: string;
  /** Further multipart fields sent with the image (multimedia photos: visit id, label...). */
  extraFields?: Record<string, string | number>;
  /** Shows an upload date field with this multipart name (e.g. `upload_at`); left blank it sends now (spec 5). */
  dateField?: string;
  dateLabel?: string;
  /** Encoded format; JPEG by default so the quality setting applies. */
  outputType?: 'image/jpeg' | 'image/png';
  /** Called with the server's `data` after a successful upload (the dialog has closed by then). */
  onUploaded?: (data: unknown) => void;
}

function localNow(): string {
  const d = new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

/** Image cropper and uploader (spec 2.11, 5, 9): choose, crop, zoom, rotate, set quality, upload. */
export function ImageCropper({
  open,
  onOpenChange,
  uploadUrl,
  kind = 'avatar',
  title = 'Unggah Gambar',
  description = 'PNG, JPG, JPEG atau GIF, maksimal 10MB.',
  defaultAspect = 'square',
  lockAspect = false,
  fieldName = AVATAR_FIELD,
  extraFields,
  dateField,
  dateLabel = 'Tanggal unggah',
  outputType = 'image/jpeg',
  onUploaded,
}: ImageCropperProps) {
  const inputId = React.useId();
  const [src, setSrc] = React.useState<string | null>(null);
  const [natural, setNatural] = React.useState<{ w: number; h: number } | null>(null);
  const [fileError, setFileError] = React.useState<string | null>(null);
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const [crop, setCrop] = React.useState({ x: 0, y: 0 });
  const [zoom, setZoom] = React.useState(1);
  const [rotation, setRotation] = React.useState(0);
  const [quality, setQuality] = React.useState<number>(IMAGE_DEFAULT_QUALITY[kind]);
  const [aspectMode, setAspectMode] = React.useState<CropAspect>(defaultAspect);
  const [ratio, setRatio] = React.useState<FreeRatio>('asli');
  const [area, setArea] = React.useState<PixelArea | null>(null);
  const [date, setDate] = React.useState('');
  const [busy, setBusy] = React.useState(false);

  const reset = React.useCallback(() => {
    setSrc((old) => {
      if (old) URL.revokeObjectURL(old);
      return null;
    });
    setNatural(null);
    setFileError(null);
    setServerErrors([]);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setRotation(0);
    setQuality(IMAGE_DEFAULT_QUALITY[kind]);
    setAspectMode(defaultAspect);
    setRatio('asli');
    setArea(null);
    setDate('');
  }, [kind, defaultAspect]);

  React.useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  const choose = async (file: File | undefined) => {
    setServerErrors([]);
    if (!file) return;
    const problem = await validateImageFile(file);
    if (problem) {
      setFileError(problem);
      setSrc((old) => {
        if (old) URL.revokeObjectURL(old);
        return null;
      });
      setArea(null);
      return;
    }
    setFileError(null);
    const url = URL.createObjectURL(file);
    setSrc((old) => {
      if (old) URL.revokeObjectURL(old);
      return url;
    });
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setRotation(0);
  };

  const aspect = (() => {
    if (aspectMode === 'square') return 1;
    switch (ratio) {
      case '4:3':
        return 4 / 3;
      case '3:4':
        return 3 / 4;
      case '16:9':
        return 16 / 9;
      case 'asli':
        return natural ? natural.w / natural.h : 1;
    }
  })();

  const upload = async () => {
    if (!src || !area) return;
    setBusy(true);
    setServerErrors([]);
    try {
      const blob = await cropToBlob(src, area, rotation, quality, outputType);
      const fd = new FormData();
      for (const [k, v] of Object.entries(extraFields ?? {})) fd.append(k, String(v));
      if (dateField) fd.append(dateField, new Date(date || localNow()).toISOString());
      fd.append(fieldName, blob, outputType === 'image/png' ? 'gambar.png' : 'gambar.jpg');
      const res = await api.post<Envelope<unknown>>(uploadUrl, fd);
      onOpenChange(false);
      onUploaded?.(res?.data);
    } catch (err) {
      setServerErrors(errorItems(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-xl" data-testid="image-cropper">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>

        <div className="grid gap-1.5">
          <Label htmlFor={inputId}>File gambar</Label>
          <Input
            id={inputId}
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={(e) => void choose(e.target.files?.[0])}
            aria-invalid={!!fileError}
            aria-describedby={fileError ? `${inputId}-error` : undefined}
          />
          {fileError ? (
            <p
              id={`${inputId}-error`}
              role="alert"
              data-testid="image-file-error"
              className="text-sm font-medium text-destructive"
            >
              {fileError}
            </p>
          ) : null}
        </div>

        <div
          className={cn(
            'relative h-64 w-full overflow-hidden rounded-md bg-muted sm:h-72',
            !src && 'flex items-center justify-center',
          )}
        >
          {src ? (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              rotation={rotation}
              aspect={aspect}
              minZoom={1}
              maxZoom={5}
              zoomSpeed={CROPPER.zoomStep}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onRotationChange={setRotation}
              onCropComplete={(_a, pixels) => setArea(pixels)}
              onMediaLoaded={(m) => setNatural({ w: m.naturalWidth, h: m.naturalHeight })}
            />
          ) : (
            <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
              <ImagePlus className="size-10 opacity-60" aria-hidden />
              Belum ada gambar dipilih
            </div>
          )}
        </div>

        <div className="grid gap-3 sm:grid-cols-2">
          {!lockAspect ? (
            <div className="grid gap-1.5">
              <Label>Potongan</Label>
              <div className="flex gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant={aspectMode === 'square' ? 'default' : 'outline'}
                  onClick={() => setAspectMode('square')}
                >
                  Persegi
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant={aspectMode === 'free' ? 'default' : 'outline'}
                  onClick={() => setAspectMode('free')}
                >
                  Bebas
                </Button>
                {aspectMode === 'free' ? (
                  <Select value={ratio} onValueChange={(v) => setRatio(v as FreeRatio)}>
                    <SelectTrigger className="h-8 w-36" aria-label="Rasio potongan">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {(Object.keys(FREE_RATIOS) as FreeRatio[]).map((k) => (
                        <SelectItem key={k} value={k}>
                          {FREE_RATIOS[k]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                ) : null}
              </div>
            </div>
          ) : null}
          <RangeField
            label="Zoom"
            value={zoom}
            min={1}
            max={5}
            step={CROPPER.zoomStep}
            display={`${zoom.toFixed(1)}x`}
            onChange={setZoom}
            disabled={!src}
          />
          <div className="grid gap-1.5">
            <RangeField
              label="Rotasi"
              value={rotation}
              min={CROPPER.rotationMin}
              max={CROPPER.rotationMax}
              step={1}
              display={`${rotation}°`}
              onChange={setRotation}
              disabled={!src}
            />
            <div className="flex gap-2">
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={!src}
                onClick={() => setRotation((r) => Math.max(CROPPER.rotationMin, r - 90))}
                aria-label="Putar kiri 90°"
              >
                <RotateCcw />
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={!src}
                onClick={() => setRotation((r) => Math.min(CROPPER.rotationMax, r + 90))}
                aria-label="Putar kanan 90°"
              >
                <RotateCw />
              </Button>
            </div>
          </div>
          <RangeField
            label="Kualitas"
            value={quality}
            min={CROPPER.qualityMin}
            max={CROPPER.qualityMax}
            step={1}
            display={`${quality}%`}
            onChange={setQuality}
          />
          {dateField ? (
            <div className="grid gap-1.5">
              <Label htmlFor={`${inputId}-date`}>{dateLabel}</Label>
              <Input
                id={`${inputId}-date`}
                type="datetime-local"
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
              <p className="text-xs text-muted-foreground">Kosongkan untuk memakai waktu sekarang.</p>
            </div>
          ) : null}
        </div>

        <ErrorList items={serverErrors} />

        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            Batal
          </Button>
          <Button type="button" disabled={!src || !area || busy} onClick={() => void upload()}>
            {busy ? <LoaderCircle className="animate-spin" /> : <Upload />}
            Unggah
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function RangeField({
  label,
  value,
  min,
  max,
  step,
  display,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  display: string;
  onChange: (v: number) => void;
  disabled?: boolean;
}) {
  const id = React.useId();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between">
        <Label htmlFor={id}>{label}</Label>
        <span className="text-xs tabular-nums text-muted-foreground">{display}</span>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-2 w-full cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-50"
      />
    </div>
  );
}
