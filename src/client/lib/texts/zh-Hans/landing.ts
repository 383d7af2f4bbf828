/**
 * The landing page's words in Simplified Chinese (docs/languages.md: 您, full-width punctuation).
 */
import type { LandingWords } from '../en/landing.ts';

const landingWords: LandingWords = {
  appName: 'CheckN Walkin Service',
  landing: {
    heading: '未预约顾客',
    subheading: '请选择服务项目',
    next: '下一步',
    selectService: '请先选择服务项目',
    logoAlt: (company: string) => `${company}标志`,
    description: (company: string, address: string) =>
      `用手机加入${company}${address ? `（${address}）` : ''}的等候名单。轮到您时，我们会给您发短信。`,
    notFoundTitle: '未找到该商家',
    notFoundBody: (companyId: string) =>
      `我们找不到代码为“${companyId}”的商家。请检查链接，或核对店内标牌上的代码。`,
    loadFailedTitle: '无法加载此页面',
    loadFailedBody: '请检查网络连接后重试。',
    retry: '重试',
    otherCode: '输入其他代码',
    lastTime: '上次选择',
    servicesLabel: '服务项目',
  },
  loading: '加载中……',
  languageFailed: '无法加载该语言。请检查网络连接后重试。',
};

export default landingWords;
