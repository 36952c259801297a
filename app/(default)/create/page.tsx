export const metadata = { title: "Create a character" };

export default function CreatePage() {
  return (
    <main>
      <h1 className="text-2xl font-bold">Create a character</h1>
    </main>
  );
}
