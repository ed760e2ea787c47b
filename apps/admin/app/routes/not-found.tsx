/** An address inside the back office that names no page: "Not found" in the frame, with its navigation. */
import { ErrorNotice } from '../route-error'

export default function NotFound() {
  return <ErrorNotice status={404} message="There is no back-office page at this address." />
}
