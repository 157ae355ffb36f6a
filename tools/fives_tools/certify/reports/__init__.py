"""What a run says: its verdict (:mod:`.verdict`), the likely causes of its failures
(:mod:`.causes`), the certificate on the console (:mod:`.console`) and as files
(:mod:`.formats`: JSON, JUnit, Markdown, badges).
"""
