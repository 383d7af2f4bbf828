/**
 * The landing page's words in Vietnamese (docs/languages.md: quý khách, full diacritics).
 */
import type { LandingWords } from '../en/landing.ts';

const landingWords: LandingWords = {
  appName: 'CheckN Walkin Service',
  landing: {
    heading: 'Khách không hẹn trước',
    subheading: 'Chọn dịch vụ quý khách cần',
    next: 'Tiếp tục',
    selectService: 'Vui lòng chọn dịch vụ',
    logoAlt: (company: string) => `Logo ${company}`,
    description: (company: string, address: string) =>
      `Đăng ký vào danh sách chờ tại ${company}${address ? `, ${address}` : ''} ngay trên điện thoại. Chúng tôi sẽ nhắn tin khi đến lượt quý khách.`,
    notFoundTitle: 'Không tìm thấy tiệm',
    notFoundBody: (companyId: string) =>
      `Chúng tôi không tìm thấy tiệm nào có mã "${companyId}". Vui lòng kiểm tra lại đường link hoặc mã ghi trên bảng tại tiệm.`,
    loadFailedTitle: 'Không thể tải trang này',
    loadFailedBody: 'Vui lòng kiểm tra kết nối mạng và thử lại.',
    retry: 'Thử lại',
    otherCode: 'Nhập mã khác',
    lastTime: 'Lần trước',
    servicesLabel: 'Dịch vụ',
  },
  loading: 'Đang tải…',
  languageFailed: 'Chúng tôi không tải được ngôn ngữ này. Vui lòng kiểm tra kết nối mạng và thử lại.',
};

export default landingWords;
