import * as z from 'zod';

/**
 * Indonesian messages for every schema. A schema may still give its own message; this is the fallback,
 * phrased for a clinic's staff rather than for programmers.
 */
function what(origin: string | undefined): string {
  switch (origin) {
    case 'string':
      return 'karakter';
    case 'array':
    case 'set':
      return 'item';
    default:
      return '';
  }
}

export const indonesianErrors: z.core.$ZodErrorMap = (iss) => {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined || iss.input === null) return 'Wajib diisi';
      if (iss.expected === 'number' || iss.expected === 'int') return 'Harus berupa angka';
      if (iss.expected === 'date') return 'Tanggal tidak valid';
      if (iss.expected === 'boolean') return 'Harus ya atau tidak';
      return 'Format tidak valid';
    case 'too_small': {
      const unit = what(iss.origin);
      if (iss.origin === 'string' && Number(iss.minimum) === 1) return 'Wajib diisi';
      if (unit) return `Minimal ${String(iss.minimum)} ${unit}`;
      return iss.inclusive ? `Minimal ${String(iss.minimum)}` : `Harus lebih dari ${String(iss.minimum)}`;
    }
    case 'too_big': {
      const unit = what(iss.origin);
      if (unit) return `Maksimal ${String(iss.maximum)} ${unit}`;
      return iss.inclusive ? `Maksimal ${String(iss.maximum)}` : `Harus kurang dari ${String(iss.maximum)}`;
    }
    case 'invalid_format':
      if (iss.format === 'email') return 'Alamat email tidak valid';
      if (iss.format === 'date') return 'Tanggal tidak valid (format YYYY-MM-DD)';
      return 'Format tidak valid';
    case 'invalid_value':
      return 'Pilihan tidak valid';
    case 'unrecognized_keys':
      return 'Terdapat isian yang tidak dikenal';
    case 'not_multiple_of':
      return 'Nilai tidak valid';
    default:
      return 'Isian tidak valid';
  }
};

z.config({ customError: indonesianErrors });

export { z };
