export default function Page() {
  return <main>Tabsmith</main>;
}
