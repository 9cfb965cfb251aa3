/** Formatters for what the user reads; the rules live in @klinik/shared so server PDFs and the app agree. */
export { formatRupiah, formatNumber, parseRupiah, formatDate, formatDateTime, waLink } from '@klinik/shared';
