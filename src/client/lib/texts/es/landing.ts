/**
 * The landing page's words in Spanish (docs/languages.md: tú, neutral Latin American Spanish).
 */
import type { LandingWords } from '../en/landing.ts';

const landingWords: LandingWords = {
  appName: 'CheckN Walkin Service', // the product's name, not translated
  landing: {
    heading: 'Clientes sin cita',
    subheading: 'Elige tu servicio',
    next: 'Siguiente',
    selectService: 'Por favor, elige un servicio',
    logoAlt: (company: string) => `Logo de ${company}`,
    /** The page's meta description (search results, link previews). */
    description: (company: string, address: string) =>
      `Anótate en la lista de espera de ${company}${address ? `, ${address}` : ''} desde tu celular. Te enviaremos un mensaje de texto cuando sea tu turno.`,
    notFoundTitle: 'No encontramos el negocio',
    notFoundBody: (companyId: string) =>
      `No encontramos ningún negocio con el código "${companyId}". Revisa el enlace o el código del letrero.`,
    loadFailedTitle: 'No se pudo cargar esta página',
    loadFailedBody: 'Revisa tu conexión e inténtalo de nuevo.',
    retry: 'Intentar de nuevo',
    otherCode: 'Ingresar otro código',
    /** The service this phone last joined for here (docs/regulars.md). */
    lastTime: 'La última vez',
    servicesLabel: 'Servicios',
  },
  loading: 'Cargando…',
  /** The language picker could not fetch the chosen language's words (offline). */
  languageFailed: 'No pudimos cargar ese idioma. Revisa tu conexión e inténtalo de nuevo.',
};

export default landingWords;
