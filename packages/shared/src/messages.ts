/** User-facing texts that the spec fixes word for word, and shared error messages. */
export const PRODUCT_NAME = 'Klinik';

export const MSG = {
  loginFailed: 'Username atau password salah',
  loginRateLimited: 'Terlalu banyak percobaan masuk. Silakan coba lagi beberapa menit lagi.',
  unauthenticated: 'Sesi Anda telah berakhir, silakan masuk kembali',
  forbidden: 'Anda tidak memiliki akses untuk tindakan ini',
  noPageAccess: 'Anda tidak memiliki akses ke halaman ini',
  notFound: 'Data tidak ditemukan',
  serverError: 'Terjadi kesalahan pada server. Silakan coba lagi.',
  crossOrigin: 'Permintaan dari asal lain ditolak',
  badInput: 'Data yang dikirim tidak valid',
  actionSuccessTitle: 'Aksi Sukses',
  actionSuccess: 'Aksi berhasil dilakukan & data tersimpan',
  offline: 'Anda sedang Offline, Silahkan sambungkan koneksi internet',
  unsavedChanges: 'Do you really want to leave? you have unsaved changes!',
  logoutConfirm: (product: string) => `Apakah anda yakin ingin logout dari ${product}?`,
  logoutConfirmAdmin: 'Apakah anda yakin ingin logout?',
  empty: 'Tidak ada Data',
  noTreatments: 'Tidak ada Perawatan',
  noActivePeriod: 'Periode Pembukuan Aktif belum ada',
  periodBlocked: 'Tidak dapat membuat periode baru karena Masih ada Periode keuangan aktif',
  periodActivated: (date: string) => `Periode keuangan ${date} berhasil diaktifkan`,
  errorTitle: 'Kesalahan terjadi',
  errorText: 'Maaf, terjadi kesalahan pada aplikasi',
  notFoundTitle: 'Not Found',
  planned: 'Halaman ini belum tersedia',
  registrationSuccessTitle: (code: string) => `Registrasi ${code} Sukses`,
  registrationSuccess: 'Registrasi Paket promosi berhasil di lakukan',
  switchOnlyTopLevel: 'Hanya Owner atau Developer yang dapat berpindah cabang',
  branchInactive: 'Cabang tidak aktif',
  userInactive: 'Akun Anda tidak aktif',
} as const;

/** The error shape of every REST error body and every tRPC error's data.issues. */
export interface ErrorItem {
  message: string;
  field?: string;
}
